import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestSandbox, testSandbox } from './test-kit.ts';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await testSandbox();
});
afterAll(() => sb.app.close());

const send = (payload: object) => sb.app.inject({ method: 'POST', url: '/shopper/api/send', payload });
const conversation = async (platform: string, shop: string, buyer: string) =>
  (
    await sb.app.inject({ url: `/shopper/api/conversation?platform=${platform}&shop=${shop}&buyer=${buyer}` })
  ).json();

describe('shopper console', () => {
  it('serves a self-contained page with stable test ids and labels', async () => {
    const res = await sb.app.inject({ url: '/shopper' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    for (const hook of [
      'id="platform"',
      'id="shop"',
      'id="buyer"',
      'name="message"',
      'aria-label="Message"',
      'data-testid="send"',
      'data-testid="messages"',
      'data-testid="open-stickers"',
      'data-testid="open-images"',
      'data-testid="open-products"',
      'data-testid="open-orders"',
      '>Send</button>',
    ])
      expect(res.body).toContain(hook);
    expect(res.body).toContain('var BASE = ""');
    expect(res.body).not.toMatch(/<script src=|<link rel="stylesheet"/);
    expect((await sb.app.inject({ url: '/' })).headers.location).toBe('/shopper');
  });

  it('lists platforms, shops with their catalogues, buyers, orders, stickers and images', async () => {
    const dir = (await sb.app.inject({ url: '/shopper/api/directory' })).json();
    expect(dir.platforms.map((p: { id: string }) => p.id)).toEqual(['shopee', 'lazada']);
    const shopee = dir.platforms[0];
    expect(shopee.shops[0]).toMatchObject({ id: '947042923', name: 'Kedai Bayi Comel (Shopee)' });
    expect(shopee.shops[0].products).toHaveLength(16);
    expect(shopee.buyers.map((b: { name: string }) => b.name)).toContain('Rajesh Kumar');
    expect(shopee.orders.length).toBeGreaterThan(0);
    expect(dir.stickers.length).toBeGreaterThanOrEqual(4);
    expect(dir.photos.length).toBeGreaterThanOrEqual(3);
  });

  it('lets a shopper send text, stickers, images, product and order cards, and shows them back', async () => {
    const base = { platform: 'shopee', shop: '947042923', buyer: '880033' };
    const dir = (await sb.app.inject({ url: '/shopper/api/directory' })).json();
    const order = dir.platforms[0].orders.find(
      (o: { shopId: string; buyerId: string }) => o.buyerId === '880033' && o.shopId === '947042923',
    );
    for (const [type, content] of [
      ['text', { text: 'Do you have the stroller in stock?' }],
      ['sticker', { sticker_id: '1001' }],
      ['image', { photo_id: 'parcel' }],
      ['item', { item_id: '2300100106' }],
      ['order', { order_sn: order.sn }],
    ] as const) {
      const res = await send({ ...base, type, content });
      expect(res.json()).toMatchObject({ ok: true, pushed: false });
    }
    const view = await conversation('shopee', '947042923', '880033');
    expect(view.conversationId).toMatch(/^\d{19}$/);
    expect(view.messages.map((m: { type: string }) => m.type)).toEqual([
      'text',
      'sticker',
      'image',
      'item',
      'order',
    ]);
    expect(view.messages[0]).toMatchObject({
      from: 'buyer',
      content: { text: 'Do you have the stroller in stock?' },
    });
    expect(view.messages[2].card.url).toBe('http://sandbox.test/sandbox/assets/photos/parcel.svg');
    expect(view.messages[3].card).toMatchObject({ name: 'Lightweight Cabin Stroller', price: 'RM799.00' });
  });

  it('works the same on Lazada, and refuses bad input', async () => {
    const ok = await send({
      platform: 'lazada',
      shop: '100094071',
      buyer: '1880033',
      type: 'text',
      content: { text: 'Halal?' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await conversation('lazada', '100094071', '1880033')).conversationId).toMatch(
      /^100094071_2_1880033_1_\d+$/,
    );
    for (const bad of [
      { platform: 'shopee', shop: '1', buyer: '880011', type: 'text', content: { text: 'x' } },
      { platform: 'shopee', shop: '947042923', buyer: '1', type: 'text', content: { text: 'x' } },
      { platform: 'shopee', shop: '947042923', buyer: '880011', type: 'text', content: { text: '  ' } },
      { platform: 'shopee', shop: '947042923', buyer: '880011', type: 'video', content: {} },
      {
        platform: 'shopee',
        shop: '947042923',
        buyer: '880011',
        type: 'sticker',
        content: { sticker_id: 'x' },
      },
    ]) {
      const res = await send(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual(expect.any(String));
    }
    expect(
      (await sb.app.inject({ url: '/shopper/api/conversation?platform=shopee&shop=1&buyer=1' })).statusCode,
    ).toBe(404);
  });

  it('serves generated pictures for products, stickers, images and avatars', async () => {
    for (const url of [
      '/assets/products/2300100101.svg',
      '/assets/products/2300100101-11.svg',
      '/assets/stickers/1002.svg',
      '/assets/photos/receipt.svg',
      '/assets/avatars/880011.svg',
    ]) {
      const res = await sb.app.inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    }
    expect((await sb.app.inject({ url: '/assets/products/999.svg' })).statusCode).toBe(404);
  });
});
