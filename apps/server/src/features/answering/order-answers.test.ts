import { askForOrderReply, handoverText, planOrderAnswer } from '@balas/bot';
import { limits, serverMessages } from '@balas/contracts';
import { MarketplaceError } from '@balas/marketplaces';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopRow } from '../../db/schema.ts';
import { botAnswers, conversations, lookupCache, shops } from '../../db/schema.ts';
import { connectShop, eventually, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/*
 * Order questions answered from the platform, end to end through the sandbox mounted in the app:
 * the shopper writes in the sandbox's shopper console, the push reaches the server, the bot looks
 * the order up with the shop's tokens and the reply is what the sandbox shopper sees.
 */

interface DirectoryOrder {
  sn: string;
  shopId: string;
  buyerId: string;
  status: string;
}

let t: TestApp;
let headers: Record<string, string>;
let shopee: ShopRow;
let lazada: ShopRow;
let orders: Record<'shopee' | 'lazada', DirectoryOrder[]>;

const SHOPEE_SHOP = '947042923';
const LAZADA_SHOP = '100094063';
const AISYAH = { shopee: '880011', lazada: '1880011' };
const MEI_LING = '880022';

const find = (platform: 'shopee' | 'lazada', shopId: string, buyerId: string, status: string) => {
  const found = orders[platform].find(
    (o) => o.shopId === shopId && o.buyerId === buyerId && o.status === status,
  );
  if (!found) throw new Error(`no seeded ${platform} order of ${buyerId} in ${status}`);
  return found;
};
const shopRow = async (id: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

async function send(
  platform: 'shopee' | 'lazada',
  shop: string,
  buyer: string,
  type: 'text' | 'order',
  content: Record<string, string>,
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/sandbox/shopper/api/send',
    payload: { platform, shop, buyer, type, content },
  });
  if (res.statusCode !== 200) throw new Error(`shopper send: ${res.body}`);
}

const shopMessages = async (platform: 'shopee' | 'lazada', shop: string, buyer: string) =>
  (await shopperSees(t.app, platform, shop, buyer))
    .filter((m) => m.from === 'shop')
    .map((m) => String(m.content.text ?? m.content.txt ?? ''));

/**
 * What the shopper does (`act`), and the shop's messages the sandbox shopper sees after it, once
 * `count` have arrived and every job has run: exactly those, nothing more arrives.
 */
async function shopAnswers(
  platform: 'shopee' | 'lazada',
  shop: string,
  buyer: string,
  act: () => Promise<void>,
  count = 1,
) {
  const before = (await shopMessages(platform, shop, buyer)).length;
  await act();
  await eventually(async () => {
    const seen = await shopMessages(platform, shop, buyer);
    if (seen.length < before + count) throw new Error(`${seen.length - before} replies so far`);
  }, 15_000);
  await t.ctx.queue.idle(30_000);
  return (await shopMessages(platform, shop, buyer)).slice(before);
}

async function freshConversation(shop: ShopRow, buyer: string) {
  const [row] = await t.ctx.database.db
    .insert(conversations)
    .values({ shopId: shop.id, externalId: `conv-${buyer}-${Math.random()}`, customerId: buyer })
    .returning();
  return row!;
}

async function conversationOf(shop: ShopRow, buyer: string) {
  const [row] = await t.ctx.database.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.shopId, shop.id), eq(conversations.customerId, buyer)));
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopee = await shopRow((await connectShop(t.app, headers, 'shopee', SHOPEE_SHOP)).id);
  lazada = await shopRow((await connectShop(t.app, headers, 'lazada', LAZADA_SHOP)).id);
  await t.ctx.queue.idle(30_000);
  await t.ctx.database.db.update(shops).set({ defaultBotStatus: true });
  shopee = await shopRow(shopee.id);
  lazada = await shopRow(lazada.id);
  const directory = (await t.app.inject({ url: '/sandbox/shopper/api/directory' })).json() as {
    platforms: { id: 'shopee' | 'lazada'; orders: DirectoryOrder[] }[];
  };
  orders = {
    shopee: directory.platforms.find((p) => p.id === 'shopee')!.orders,
    lazada: directory.platforms.find((p) => p.id === 'lazada')!.orders,
  };
}, 60_000);
afterAll(() => t.close());

describe('order questions from shoppers', () => {
  it('answers "bila sampai?" after an order card with the status and tracking, in Malay, exactly once', async () => {
    const o = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'to receive');
    const { data } = (
      await t.app.inject({ url: `/api/shopee/v1/${shopee.id}/orders/${o.sn}`, headers })
    ).json();
    const [reply, ...more] = await shopAnswers('shopee', SHOPEE_SHOP, AISYAH.shopee, async () => {
      await send('shopee', SHOPEE_SHOP, AISYAH.shopee, 'order', { order_sn: o.sn });
      await send('shopee', SHOPEE_SHOP, AISYAH.shopee, 'text', { text: 'bila sampai?' });
    });
    expect(more).toEqual([]);
    expect(reply).toMatch(new RegExp(`^Pesanan anda ${o.sn} sedang dalam perjalanan melalui SPX Express\\.`));
    expect(reply).toContain(`Nombor penjejakan: ${data.order.tracking.number}.`);
    expect(reply).toContain(`Kemas kini terkini (`);
    expect(reply).toContain(data.order.tracking.events[0].description);
    const conversation = await conversationOf(shopee, AISYAH.shopee);
    expect(conversation?.handedOver).toBe(false);
    // Logged like every bot answer (the simulator's log, insights).
    const logged = await t.ctx.database.db
      .select()
      .from(botAnswers)
      .where(and(eq(botAnswers.shopId, shopee.id), eq(botAnswers.message, 'bila sampai?')));
    expect(logged).toEqual([expect.objectContaining({ response: reply, language: 'ms', handover: null })]);
  });

  it("answers another buyer's order and a made-up number with the same not-found reply", async () => {
    const theirs = find('shopee', SHOPEE_SHOP, MEI_LING, 'to ship');
    const [other, ...more] = await shopAnswers('shopee', SHOPEE_SHOP, AISYAH.shopee, () =>
      send('shopee', SHOPEE_SHOP, AISYAH.shopee, 'text', { text: `where is my order ${theirs.sn}?` }),
    );
    const [madeUp, ...evenMore] = await shopAnswers('shopee', SHOPEE_SHOP, AISYAH.shopee, () =>
      send('shopee', SHOPEE_SHOP, AISYAH.shopee, 'text', { text: 'where is my order 270101ZZZZZZZZ?' }),
    );
    expect([...more, ...evenMore]).toEqual([]);
    expect(other).toBe(
      `I couldn't find order ${theirs.sn} among your orders in this shop. Please check the number, or share the order card from your orders in this chat.`,
    );
    expect(madeUp).toBe(other!.replace(theirs.sn, '270101ZZZZZZZZ'));
    // Nothing of the order leaks: no status, no tracking, no buyer.
    expect(other).not.toMatch(/prepared|SPXMY|Mei/i);
  });

  it('hands a cancellation over with the reason in merchant words, and tells the shopper in Malay', async () => {
    const buyer = '880033';
    const o =
      orders.shopee.find((x) => x.shopId === SHOPEE_SHOP && x.buyerId === buyer) ??
      find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'to ship');
    const replies = await shopAnswers('shopee', SHOPEE_SHOP, buyer, async () => {
      await send('shopee', SHOPEE_SHOP, buyer, 'order', { order_sn: o.sn });
      await send('shopee', SHOPEE_SHOP, buyer, 'text', { text: 'nak cancel order ni boleh?' });
    });
    expect(replies).toEqual([handoverText('ms', 'order_status')]);
    const [reply] = replies;
    expect(reply).toBe(handoverText('ms', 'order_status'));
    const conversation = await conversationOf(shopee, buyer);
    expect(conversation?.handedOver).toBe(true);
    expect(conversation?.handoverReason).toBe(
      `The shopper asks about their order (cancelling it, order ${o.sn})`,
    );
  });

  it('asks for the order when none is given, then answers the card the shopper shares (Lazada)', async () => {
    const o = find('lazada', LAZADA_SHOP, AISYAH.lazada, 'to receive');
    const asked = await shopAnswers('lazada', LAZADA_SHOP, AISYAH.lazada, () =>
      send('lazada', LAZADA_SHOP, AISYAH.lazada, 'text', { text: 'order saya dah ship ke belum?' }),
    );
    expect(asked).toEqual([askForOrderReply('ms')]);
    const replies = await shopAnswers('lazada', LAZADA_SHOP, AISYAH.lazada, () =>
      send('lazada', LAZADA_SHOP, AISYAH.lazada, 'order', { order_sn: o.sn }),
    );
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(
      new RegExp(`^Pesanan anda ${o.sn} sedang dalam perjalanan melalui LEX MY\\. Nombor penjejakan: MYLEX`),
    );
  });
});

describe('order lookups that cannot answer', () => {
  const plan = (question: string, orderCard?: string) => {
    const p = planOrderAnswer(question, { orderCard });
    if (!p) throw new Error(`not an order question: ${question}`);
    return p;
  };

  it('rate-limits lookups per conversation, then hands over instead of looking up', async () => {
    const conversation = await freshConversation(shopee, AISYAH.shopee);
    const detail = vi.spyOn(t.app.services.clients.shopee, 'getOrderDetail');
    try {
      const answers = [];
      for (let i = 0; i <= limits.botOrderLookups.max; i++)
        answers.push(
          await t.app.services.orderAnswers.answer(shopee, plan(`status of my order 27010${i}RATELIMIT?`), {
            conversation,
            question: 'status?',
          }),
        );
      const last = answers.pop()!;
      // The earlier ones were answered (not found: made-up numbers)...
      expect(answers.every((a) => a.result.handover === null && /couldn't find/.test(a.result.text))).toBe(
        true,
      );
      // ...and once over the limit the bot stops looking and a person takes it.
      expect(last.result.handover).toEqual({
        reason: 'order_status',
        order: { kind: 'status', orderNumber: `27010${limits.botOrderLookups.max}RATELIMIT` },
      });
      expect(last.result.text).toBe(handoverText('en', 'order_status'));
      expect(last.reasonText).toMatch(serverMessages.orders.botHandover.rate_limited);
      expect(detail).toHaveBeenCalledTimes(limits.botOrderLookups.max);
      // Another conversation has its own allowance.
      const other = await freshConversation(shopee, AISYAH.shopee);
      const theirs = await t.app.services.orderAnswers.answer(
        shopee,
        plan('status of my order 270101OTHER01?'),
        {
          conversation: other,
          question: 'status?',
        },
      );
      expect(theirs.result.handover).toBeNull();
    } finally {
      detail.mockRestore();
    }
  });

  it('hands over, never an error text, when the platform cannot be reached', async () => {
    const o = find('shopee', SHOPEE_SHOP, MEI_LING, 'to ship');
    const row = await freshConversation(shopee, MEI_LING);
    // Not in the lookup cache: the platform is asked.
    await t.ctx.database.db.delete(lookupCache).where(eq(lookupCache.key, `order:${o.sn}`));
    const detail = vi
      .spyOn(t.app.services.clients.shopee, 'getOrderDetail')
      .mockRejectedValue(new MarketplaceError({ platform: 'shopee', code: 'error_server', message: 'down' }));
    try {
      const answered = await t.app.services.orderAnswers.answer(shopee, plan('我的订单到哪里了？', o.sn), {
        conversation: row,
        question: '我的订单到哪里了？',
      });
      expect(answered.result.text).toBe(handoverText('zh', 'order_status'));
      expect(answered.result.handover?.reason).toBe('order_status');
      expect(answered.reasonText).toBe(
        `The shopper asks about their order (where it is, order ${o.sn}). ${serverMessages.orders.botHandover.platform('Shopee')}`,
      );
    } finally {
      detail.mockRestore();
    }
  });

  it("hands a website shop's order question over (no platform orders)", async () => {
    const websiteId = await createWebsiteShop(t.app, headers);
    await t.ctx.database.db.update(shops).set({ defaultBotStatus: true }).where(eq(shops.id, websiteId));
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${websiteId}`,
      payload: { query: 'where is my order 270112ABCD1234?', sessionId: 'orderwebsite' },
    });
    expect(res.json().data).toMatchObject({ handover: true, response: handoverText('en', 'order_status') });
    const [conversation] = await t.ctx.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.shopId, websiteId));
    expect(conversation!.handoverReason).toBe(
      `The shopper asks about their order (where it is, order 270112ABCD1234). ${serverMessages.orders.botHandover.no_platform_orders}`,
    );
  });
});

describe('the simulator', () => {
  it("answers an order question as the merchant would see it: any order of the shop, the buyer's reply", async () => {
    const o = find('shopee', SHOPEE_SHOP, MEI_LING, 'to ship');
    const ask = (question: string, shopId = shopee.id, conversation = '12345678') =>
      t.app.inject({
        method: 'POST',
        url: '/api/shopee/v1/lang_chain_push',
        headers,
        payload: { shopId, question, conversation },
      });
    const res = await ask(`bila order ${o.sn} nak hantar?`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      result: expect.stringMatching(
        new RegExp(`^Pesanan anda ${o.sn} sedang disediakan untuk penghantaran\\.`),
      ),
      language: 'ms',
      handover: null,
    });
    // No order given: it asks, and the number given next is looked up for that question.
    expect((await ask('where is my order?', shopee.id, '87654321')).json().data.result).toBe(
      askForOrderReply('en'),
    );
    expect((await ask(o.sn, shopee.id, '87654321')).json().data.result).toMatch(
      /^Your order .* is being prepared for shipping\./,
    );
    // Another question in the same message is answered by the engine in the same reply, logged once.
    const both = (await ask(`where is my order ${o.sn}? do you ship to Sabah?`, shopee.id, '11223344')).json()
      .data;
    const [orderLine, ...restLines] = both.result.split('\n');
    expect(orderLine).toMatch(new RegExp(`^Your order ${o.sn} is being prepared for shipping\\.`));
    expect(restLines.join('\n')).not.toBe('');
    const logged = await t.ctx.database.db
      .select()
      .from(botAnswers)
      .where(and(eq(botAnswers.shopId, shopee.id), eq(botAnswers.conversation, '11223344')));
    expect(logged).toEqual([expect.objectContaining({ response: both.result })]);
    // Another merchant's shop stays closed.
    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers: other.headers,
      payload: { shopId: shopee.id, question: `where is my order ${o.sn}?`, conversation: '1' },
    });
    expect(theirs.statusCode).toBe(404);
  });
});
