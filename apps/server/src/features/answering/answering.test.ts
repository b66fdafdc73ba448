import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { botAnswers, conversationEvents, messages, shops } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { autoReplyJob } from './answering.jobs.ts';
import { botBudgetKey } from './bot-budget.ts';

/**
 * Each test has a merchant and a website shop of its own (trainedShop), so the tests pass alone and
 * in any order (`--sequence.shuffle`).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A new merchant's website shop trained on delivery; with its catalogue and its bot on when asked. */
async function trainedShop(options: { botOn?: boolean; catalogue?: boolean } = {}) {
  const { headers } = await signUp(t.app);
  const shopId = await createWebsiteShop(t.app, headers);
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt`,
    headers,
    payload: { name: 'Shipping' },
  });
  const id = topic.json().data.id;
  await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt/${id}/information`,
    headers,
    payload: ['Delivery questions: shipping fee, courier, how many days an order takes to arrive.'],
  });
  await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${shopId}/gpt/${id}/response`,
    headers,
    payload: [
      'Orders within West Malaysia arrive in 1 to 3 working days. Sabah and Sarawak take 4 to 7 working days.',
      'Shipping is free for orders above RM120.',
    ],
  });
  if (options.catalogue) {
    await t.app.services.products.upsertCatalogue(shopId, [
      {
        externalId: '8001',
        name: 'Baju Kurung Moden Seri Ayu',
        description: 'Modern baju kurung in cotton silk. Colours: Dusty Rose, Sage, Navy.',
        price: '129.00',
        currency: 'MYR',
        stock: 8,
        images: [],
        variations: [
          { id: 'm', name: 'M', price: 129, stock: 8 },
          { id: 'xl', name: 'XL', price: 139, stock: 0 },
        ],
      },
    ]);
  }
  if (options.botOn) await turnBotOn(headers, shopId);
  return { headers, shopId };
}

async function turnBotOn(headers: Record<string, string>, shopId: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopId}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  expect(res.statusCode).toBe(200);
  // Turning it on queues a pass over the shop's waiting shoppers: it ends before the test goes on.
  await t.ctx.queue.idle();
}

async function shopRow(shopId: string) {
  const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
  return shop!;
}

describe('simulator', () => {
  it('answers from the shop’s training with sources and confidence, and logs it for /test', async () => {
    const { headers, shopId } = await trainedShop();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { question: 'how many days to deliver to Penang?', shopId, conversation: '12345678' },
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.result).toMatch(/1 to 3 working days/);
    expect(data.sources[0]).toMatchObject({ kind: 'topic', name: 'Shipping' });
    expect(data.handover).toBeNull();
    const log = (await t.app.inject({ url: '/api/test', headers })).json().data;
    expect(log.at(-1)).toMatchObject({
      conversation: '12345678',
      message: 'how many days to deliver to Penang?',
    });
  });

  it('hands over when the shopper asks for a person', async () => {
    const { headers, shopId } = await trainedShop();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { question: 'I want to talk to a real person please', shopId, conversation: '12345678' },
    });
    expect(res.json().data.handover.reason).toBe('asked_for_human');
  });

  it('answers a follow-up in the context of the conversation (product, language)', async () => {
    const { headers, shopId } = await trainedShop({ catalogue: true });
    const ask = (question: string, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shopee/v1/lang_chain_push',
        headers,
        payload: { question, shopId, conversation: '55550001', ...extra },
      });
    const first = (await ask('how much is the baju kurung moden seri ayu?')).json().data;
    expect(first.result).toMatch(/RM129\.00.*RM139\.00|M RM129\.00, XL RM139\.00/);
    const followUp = (await ask('XL berapa?')).json().data;
    expect(followUp).toMatchObject({ language: 'ms', handover: null });
    expect(followUp.result).toContain('RM139.00');
    expect(followUp.result).not.toContain('RM129.00');
    // A card shared once carries the next questions.
    await ask('hi', { productId: '8001' });
    expect((await ask('what colours?')).json().data.result).toContain('Dusty Rose');
    // "ok" follows the conversation's language.
    const zh = (q: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shopee/v1/lang_chain_push',
        headers,
        payload: { question: q, shopId, conversation: '55550002' },
      });
    await zh('寄到沙巴要几天？');
    expect((await zh('ok')).json().data).toMatchObject({
      language: 'zh',
      result: expect.stringContaining('不客气'),
    });
  });

  it("hands a website shop's order lookup over with the merchant's words, never a score", async () => {
    const { headers, shopId } = await trainedShop();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { question: '我的订单什么时候发货？订单号 SA240519', shopId, conversation: '55550003' },
    });
    expect(res.json().data.handover).toEqual({
      reason: 'order_status',
      text: 'The shopper asks about their order (when it ships, order SA240519). Website shops have no Shopee or Lazada orders for the bot to look up.',
    });
  });

  it('refuses another merchant’s shop and a bad payload', async () => {
    const { headers, shopId } = await trainedShop();
    const other = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers: other.headers,
      payload: { question: 'hi', shopId, conversation: '12345678' },
    });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers,
      payload: { question: '', shopId, conversation: 'abc' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('website chat', () => {
  const session = 'AbCdEf123456';
  const asker = (shopId: string) => (query: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${shopId}`,
      payload: { query, sessionId: session },
      headers: { origin: 'https://merchant-site.example' },
    });

  it('stays quiet while the shop’s bot is off, then answers once it is on', async () => {
    const { headers, shopId } = await trainedShop();
    const ask = asker(shopId);
    const quiet = await ask('do you deliver to Sabah?');
    expect(quiet.json().data).toMatchObject({ response: '', handover: false });
    await turnBotOn(headers, shopId);
    const res = await ask('how long is delivery to Sabah?');
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json().data.response).toMatch(/4 to 7 working days/);
    const history = await t.app.inject({ url: `/api/website/v1/${shopId}/${session}` });
    const turns = history.json().data.chatHistory;
    expect(turns.at(-1)).toMatchObject({ message: 'how long is delivery to Sabah?' });
    expect(turns.at(-1).response).toMatch(/4 to 7/);
  });

  it('hands over politely and then stays quiet until the merchant turns the bot back on', async () => {
    const { headers, shopId } = await trainedShop({ botOn: true });
    const ask = asker(shopId);
    const res = await ask('let me speak to a human agent');
    expect(res.json().data.handover).toBe(true);
    expect(res.json().data.response.length).toBeGreaterThan(0);
    const list = (await t.app.inject({ url: `/api/shopee/v1/${shopId}?page_size=50`, headers })).json().data;
    const conversation = list.conversations.find(
      (c: { conversation_id: string }) => c.conversation_id === session,
    );
    expect(conversation).toMatchObject({ is_agent: true });
    expect(conversation.handover_reason).toBe('The shopper asked to talk to a person');
    const after = await ask('hello? how much is shipping?');
    expect(after.json().data).toMatchObject({ response: '', handover: true });
    const merchant = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${shopId}/${session}`,
      headers,
      payload: { message: 'Hi, Mei here. Shipping is RM8 to Sabah.' },
    });
    expect(merchant.statusCode).toBe(200);
    const turns = (await t.app.inject({ url: `/api/website/v1/${shopId}/${session}` })).json().data
      .chatHistory;
    const handoverTurn = turns.find(
      (x: { message: string }) => x.message === 'let me speak to a human agent',
    );
    expect(handoverTurn.replies).toEqual([expect.objectContaining({ from: 'bot' })]);
    expect(turns.at(-1)).toMatchObject({
      message: 'hello? how much is shipping?',
      response: 'Hi, Mei here. Shipping is RM8 to Sabah.',
      replies: [{ text: 'Hi, Mei here. Shipping is RM8 to Sabah.', from: 'agent', at: expect.any(String) }],
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/shopee/v1/${shopId}/${session}`,
      headers,
      payload: { status: true },
    });
    expect((await ask('how much is shipping above RM120?')).json().data.response).toMatch(/free/i);
    const history = await t.ctx.database.db
      .select({
        kind: conversationEvents.kind,
        reason: conversationEvents.reason,
        actor: conversationEvents.actor,
      })
      .from(conversationEvents)
      .where(eq(conversationEvents.shopId, shopId))
      .orderBy(conversationEvents.at);
    expect(history).toEqual([
      { kind: 'handover', reason: 'asked_for_human', actor: 'bot' },
      { kind: 'bot_enabled', reason: null, actor: 'merchant' },
      { kind: 'handed_back', reason: null, actor: 'merchant' },
    ]);
  });

  it('answers a follow-up with the earlier turns of the session', async () => {
    const { shopId } = await trainedShop({ botOn: true, catalogue: true });
    const ask2 = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/website/v1/${shopId}`,
        payload: { query, sessionId: 'FollowUp0001' },
      });
    expect((await ask2('how much is the baju kurung moden seri ayu?')).json().data.response).toContain(
      'RM129.00',
    );
    const xl = (await ask2('and the XL?')).json().data;
    expect(xl).toMatchObject({ handover: false });
    expect(xl.response).toContain('RM139.00');
    expect((await ask2('berapa?')).json().data.response).toContain('RM129.00');
  });

  it('validates the session id and the shop', async () => {
    const { shopId } = await trainedShop();
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${shopId}`,
      payload: { query: 'x', sessionId: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/website/v1/00000000-0000-0000-0000-000000000000',
      payload: { query: 'x', sessionId: session },
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('auto-reply', () => {
  it('answers only the latest of messages caught up at once, and leaves to a person who wrote since', async () => {
    const { shopId } = await trainedShop({ botOn: true });
    const shop = await shopRow(shopId);
    const start = Date.now() - 60_000;
    const say = async (n: number, sender: 'customer' | 'agent', text: string) => {
      // A shopper's message is stored with its answer due, as `inbox.receive` stores it.
      const stored = await t.app.services.inbox.ingest(
        shop,
        {
          conversation: { externalId: 'CaughtUp0001', customerId: 'CaughtUp0001', customerName: 'Visitor' },
          message: {
            externalId: `caught-up-${n}`,
            sender,
            content: { kind: 'text', text },
            sentAt: new Date(start + n * 1000),
          },
        },
        { answerDue: sender === 'customer' },
      );
      return stored!.message.id;
    };
    const { replyTo } = t.app.services.autoReply;
    const first = await say(1, 'customer', 'how long is delivery to Sabah?');
    const second = await say(2, 'customer', 'and is shipping free above RM120?');
    expect((await replyTo(first)).sent).toBeNull();
    expect((await replyTo(second)).sent?.content).toMatchObject({ text: expect.stringMatching(/free/i) });

    const third = await say(3, 'customer', 'how much is delivery to Penang?');
    await say(4, 'agent', 'Let me check that for you.');
    expect((await replyTo(third)).sent).toBeNull();
  });

  it('answers a message once: a re-run of its job answers nothing, spends no budget and logs no answer', async () => {
    const { shopId } = await trainedShop({ botOn: true });
    const shop = await shopRow(shopId);
    const stored = await t.app.services.inbox.ingest(
      shop,
      {
        conversation: { externalId: 'AnsweredOnce', customerId: 'AnsweredOnce', customerName: 'Visitor' },
        message: {
          externalId: 'answered-once-1',
          sender: 'customer',
          content: { kind: 'text', text: 'how long is delivery to Sabah?' },
          sentAt: new Date(),
        },
      },
      { answerDue: true },
    );
    const messageId = stored!.message.id;
    const db = t.ctx.database.db;
    const repliesTo = async () =>
      (await db.select({ n: count() }).from(messages).where(eq(messages.replyTo, messageId)))[0]!.n;
    const logged = async () =>
      (await db.select({ n: count() }).from(botAnswers).where(eq(botAnswers.shopId, shopId)))[0]!.n;
    const budget = vi.spyOn(t.ctx.rateLimiter, 'hit');
    const budgetTaken = () => budget.mock.calls.filter(([key]) => key === botBudgetKey(shopId)).length;
    try {
      const first = await t.app.services.autoReply.replyTo(messageId);
      expect(first.sent?.content).toMatchObject({ text: expect.stringMatching(/4 to 7 working days/) });
      expect([await repliesTo(), await logged(), budgetTaken()]).toEqual([1, 1, 1]);

      // The job runs again (a retry, a duplicate push, the sweep): directly, then through the queue.
      const again = await t.app.services.autoReply.replyTo(messageId);
      expect(again).toEqual({ sent: null, handover: false });
      await t.ctx.queue.enqueue(autoReplyJob, { messageId }, { jobId: `${messageId}-rerun` });
      await t.ctx.queue.idle();
      expect([await repliesTo(), await logged(), budgetTaken()]).toEqual([1, 1, 1]);
    } finally {
      budget.mockRestore();
    }
  });
});
