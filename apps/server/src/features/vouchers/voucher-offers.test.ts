import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectShop, eventually, shopperSays, shopperSees } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

const DEMO_SHOP = '947042923';
const BUYER = '880022';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
let topicId: string;

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, as = headers) =>
  t.app.inject({
    method,
    url,
    headers: as,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function shopReplies() {
  return (await shopperSees(t.app, 'shopee', DEMO_SHOP, BUYER)).filter((m) => m.from === 'shop');
}

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  ({ id: shopId } = await connectShop(t.app, headers, 'shopee', DEMO_SHOP));
  await t.ctx.queue.idle();
  await inject('PUT', `/api/shopee/v1/${shopId}`, { defaultBotStatus: true });
  topicId = (await inject('POST', `/api/shopee/${shopId}/gpt`, { name: 'Vouchers' })).json().data.id;
  await inject('POST', `/api/shopee/${shopId}/gpt/${topicId}/information`, [
    'Questions about vouchers, discount codes, coupons and promotions.',
  ]);
  await inject('POST', `/api/shopee/${shopId}/gpt/${topicId}/response`, [
    'We run shop vouchers for our customers: apply the voucher code at checkout to get the discount.',
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('vouchers the bot offers', () => {
  it("lists the shop's running vouchers from its platform", async () => {
    const res = await inject('GET', `/api/shopee/${shopId}/gpt/vouchers`);
    expect(res.statusCode).toBe(200);
    const codes = res.json().data.map((v: { code: string }) => v.code);
    expect(codes).toEqual(['COMEL5', 'COMEL10']);
    expect(res.json().data[0]).toMatchObject({ discount: 'RM5 off, min. spend RM50' });
  });

  it('sets a running voucher on a topic, refuses any other, and clears it', async () => {
    const url = `/api/shopee/${shopId}/gpt/${topicId}/voucher`;
    const unknown = await inject('PUT', url, { voucherId: '999' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().error.message).toMatch(/not running in your shop/);
    expect((await inject('PUT', url, { voucherId: '' })).statusCode).toBe(400);
    const running = (await inject('GET', `/api/shopee/${shopId}/gpt/vouchers`)).json().data;
    const comel5 = running.find((v: { code: string }) => v.code === 'COMEL5');
    const set = await inject('PUT', url, { voucherId: comel5.id });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.voucher).toEqual({ id: comel5.id, code: 'COMEL5', name: comel5.name });
    expect((await inject('PUT', url, { voucherId: null })).json().data.voucher).toBeNull();
    await inject('PUT', url, { voucherId: comel5.id });
    const topics = (await inject('GET', `/api/shopee/${shopId}/gpt`)).json().data;
    expect(topics[0].voucher.code).toBe('COMEL5');
  });

  it('offers the voucher once per conversation and records it with the order the shopper shared', async () => {
    // The shopper shares one of their orders in the chat, as an order card.
    const directory = (await t.app.inject({ url: '/sandbox/shopper/api/directory' })).json();
    const shopee = directory.platforms.find((p: { id: string }) => p.id === 'shopee');
    const order = shopee.orders.find(
      (o: { shopId: string; buyerId: string }) => o.shopId === DEMO_SHOP && o.buyerId === BUYER,
    ) as { sn: string; items: string[] };
    const orderSn = order.sn;
    // Turning the bot on answered the demo chat's waiting shopper (issue 26.1).
    await t.ctx.queue.idle();
    const initial = (await shopReplies()).length;
    await t.app.inject({
      method: 'POST',
      url: '/sandbox/shopper/api/send',
      payload: {
        platform: 'shopee',
        shop: DEMO_SHOP,
        buyer: BUYER,
        type: 'order',
        content: { order_sn: orderSn },
      },
    });
    await eventually(async () => {
      const list = (await inject('GET', `/api/shopee/v1/${shopId}?page_size=50`)).json().data;
      const card = list.conversations.find((c: { to_id: string }) => c.to_id === BUYER);
      expect(card.latest_message_content).toEqual({ text: '[Order]' });
    });
    await t.ctx.queue.idle();
    // A card is no question: the bot neither answers it nor hands the chat over.
    const before = (await shopReplies()).length;
    expect(before).toBe(initial);
    await shopperSays(t.app, 'shopee', DEMO_SHOP, BUYER, 'Do you have any voucher or discount code?');
    const reply = await eventually(async () => {
      const seen = await shopReplies();
      expect(seen.length).toBe(before + 1);
      return String(seen.at(-1)?.content.text);
    });
    expect(reply).toMatch(/apply the voucher code at checkout/);
    expect(reply).toMatch(/Use code COMEL5 at checkout/);
    await t.ctx.queue.idle();

    const list = (await inject('GET', `/api/shopee/v1/voucher/${shopId}?perPage=20&page=1`)).json().data;
    expect(list.total).toBe(1);
    const entry = list.data[0];
    expect(entry.username).toBe('Tan Mei Ling');
    expect(entry.voucherCode).toBe('COMEL5');
    expect(entry.orders[0].orderId).toBe(orderSn);
    expect(entry.orders[0].items).toEqual(order.items.map((item_name) => ({ item_name })));
    expect(entry.chatHistory[0].response).toBe(reply);

    await shopperSays(t.app, 'shopee', DEMO_SHOP, BUYER, 'Any other discount voucher for me?');
    const second = await eventually(async () => {
      const seen = await shopReplies();
      expect(seen.length).toBe(before + 2);
      return String(seen.at(-1)?.content.text);
    });
    expect(second).not.toMatch(/COMEL5/);
    await t.ctx.queue.idle();
    expect((await inject('GET', `/api/shopee/v1/voucher/${shopId}`)).json().data.total).toBe(1);
  });

  it("keeps another merchant out of the shop's vouchers", async () => {
    const other = await signUp(t.app);
    expect(
      (await inject('GET', `/api/shopee/${shopId}/gpt/vouchers`, undefined, other.headers)).statusCode,
    ).toBe(404);
    const put = await inject(
      'PUT',
      `/api/shopee/${shopId}/gpt/${topicId}/voucher`,
      { voucherId: null },
      other.headers,
    );
    expect(put.statusCode).toBe(404);
  });

  it('explains that a website shop has no platform vouchers', async () => {
    const websiteId = await createWebsiteShop(t.app, headers);
    expect((await inject('GET', `/api/shopee/${websiteId}/gpt/vouchers`)).json().data).toEqual([]);
    const topic = (await inject('POST', `/api/shopee/${websiteId}/gpt`, { name: 'Promo' })).json().data;
    const res = await inject('PUT', `/api/shopee/${websiteId}/gpt/${topic.id}/voucher`, { voucherId: '1' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/Shopee or Lazada/);
  });
});
