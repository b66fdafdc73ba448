import { MarketplaceError } from '@balas/marketplaces';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ShopRow } from '../../db/schema.ts';
import { conversations, products, shops } from '../../db/schema.ts';
import { connectShop } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';
import { createOrdersService } from './orders.service.ts';

/*
 * Order and product cards, the shopper panel and the bot's lookups, against the sandbox mounted in
 * the app: its seeded orders cover every status, several buyers and two shops per platform.
 */

interface DirectoryOrder {
  sn: string;
  shopId: string;
  buyerId: string;
  status: string;
  items: string[];
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

const find = (platform: 'shopee' | 'lazada', shopId: string, buyerId: string, status: string) =>
  orders[platform].find((o) => o.shopId === shopId && o.buyerId === buyerId && o.status === status)!;
const get = (url: string, h = headers) => t.app.inject({ url, headers: h });
const shopRow = async (id: string) =>
  (await t.ctx.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

async function conversationWith(shop: ShopRow, buyerId: string) {
  const [row] = await t.ctx.database.db
    .insert(conversations)
    .values({ shopId: shop.id, externalId: `conv-${buyerId}-${Math.random()}`, customerId: buyerId })
    .returning();
  return row!;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopee = await shopRow((await connectShop(t.app, headers, 'shopee', SHOPEE_SHOP)).id);
  lazada = await shopRow((await connectShop(t.app, headers, 'lazada', LAZADA_SHOP)).id);
  await t.ctx.queue.idle();
  const directory = (await t.app.inject({ url: '/sandbox/shopper/api/directory' })).json() as {
    platforms: { id: 'shopee' | 'lazada'; orders: DirectoryOrder[] }[];
  };
  orders = {
    shopee: directory.platforms.find((p) => p.id === 'shopee')!.orders,
    lazada: directory.platforms.find((p) => p.id === 'lazada')!.orders,
  };
});
afterAll(() => t.close());

describe('order cards', () => {
  it('shows a shipped Shopee order: status, total, items with pictures, tracking and a seller centre link', async () => {
    const o = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'to receive');
    const res = await get(`/api/shopee/v1/${shopee.id}/orders/${o.sn}`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data).toMatchObject({ result: 'found', orderSn: o.sn, problem: null });
    expect(data.order).toMatchObject({
      platform: 'shopee',
      status: 'shipped',
      platformStatus: 'SHIPPED',
      currency: 'MYR',
      total: expect.any(Number),
      buyer: { id: AISYAH.shopee, name: 'Nur Aisyah' },
      tracking: { number: expect.stringMatching(/^SPXMY/), carrier: 'SPX Express' },
      sellerCentreUrl: `https://seller.shopee.com.my/portal/sale/order?search=${o.sn}`,
    });
    expect(data.order.items.map((i: { name: string }) => i.name)).toEqual(o.items);
    expect(data.order.items[0].image).toMatch(/^http:\/\/localhost:3000\/sandbox\/assets\/products\//);
    expect(data.order.tracking.events[0].description).toBe(
      'Parcel has arrived at the delivery hub in Johor Bahru',
    );
  });

  it('calls the platform once per order within the cache life, even for cards asked at the same time', async () => {
    const o = find('shopee', SHOPEE_SHOP, MEI_LING, 'to ship');
    const detail = vi.spyOn(t.app.services.clients.shopee, 'getOrderDetail');
    try {
      const answers = await Promise.all(
        Array.from({ length: 3 }, () => get(`/api/shopee/v1/${shopee.id}/orders/${o.sn}`)),
      );
      expect(answers.map((a) => a.json().data.order.status)).toEqual(['to_ship', 'to_ship', 'to_ship']);
      await get(`/api/shopee/v1/${shopee.id}/orders/${o.sn}`);
      expect(detail).toHaveBeenCalledTimes(1);
      // Another process (its own in-memory state) finds it in the shared table.
      const other = createOrdersService(t.ctx, {
        platforms: t.app.services.platforms,
        shops: t.app.services.shops,
      });
      expect((await other.card(shopee, o.sn)).result).toBe('found');
      expect(detail).toHaveBeenCalledTimes(1);
      // Past its time to live the card is read again.
      const later = createOrdersService(t.ctx, {
        platforms: t.app.services.platforms,
        shops: t.app.services.shops,
        now: () => Date.now() + 181_000,
      });
      expect((await later.card(shopee, o.sn)).order?.status).toBe('to_ship');
      expect(detail).toHaveBeenCalledTimes(2);
    } finally {
      detail.mockRestore();
    }
  });

  it("answers another shop's order, a made-up number and a malformed one as not found", async () => {
    const theirs = orders.shopee.find((x) => x.shopId !== SHOPEE_SHOP)!;
    for (const sn of [theirs.sn, '270101ZZZZZZZZ', 'not-an-order!']) {
      const res = await get(`/api/shopee/v1/${shopee.id}/orders/${encodeURIComponent(sn)}`);
      expect(res.json().data).toMatchObject({ result: 'not_found', order: null, problem: null });
    }
  });

  it('reads a Lazada order: units grouped into lines, buyer from its items, the parcel trace', async () => {
    const o = find('lazada', LAZADA_SHOP, AISYAH.lazada, 'to receive');
    const { data } = (await get(`/api/lazada/v1/${lazada.id}/orders/${o.sn}`)).json();
    expect(data.order).toMatchObject({
      platform: 'lazada',
      status: 'shipped',
      buyer: { id: AISYAH.lazada, name: 'Nur Aisyah' },
      tracking: { number: expect.stringMatching(/^MYLEX/), carrier: 'LEX MY' },
      sellerCentreUrl: `https://sellercenter.lazada.com.my/apps/order/detail?tradeOrderId=${o.sn}`,
    });
    expect(data.order.items.map((i: { name: string }) => i.name)).toEqual(o.items);
    expect(data.order.tracking.events).toHaveLength(3);
    const cancelled = find('lazada', LAZADA_SHOP, '1880022', 'cancelled');
    const c = (await get(`/api/lazada/v1/${lazada.id}/orders/${cancelled.sn}`)).json().data.order;
    expect(c).toMatchObject({ status: 'cancelled', tracking: { number: null, events: [] } });
    expect(c.reason).toBe('Need to change delivery address');
  });

  it('says a platform failure plainly, with a retry, and does not keep it', async () => {
    const o = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'completed');
    const detail = vi
      .spyOn(t.app.services.clients.shopee, 'getOrderDetail')
      .mockRejectedValueOnce(
        new MarketplaceError({ platform: 'shopee', code: 'error_server', message: 'down' }),
      );
    try {
      const failed = (await get(`/api/shopee/v1/${shopee.id}/orders/${o.sn}`)).json().data;
      expect(failed).toEqual({
        result: 'unavailable',
        orderSn: o.sn,
        order: null,
        problem: {
          reason: 'platform',
          message: 'We could not reach Shopee to look this up. Please try again in a moment.',
          retryAfterSeconds: 5,
        },
      });
      const retried = (await get(`/api/shopee/v1/${shopee.id}/orders/${o.sn}`)).json().data;
      expect(retried.order.status).toBe('completed');
    } finally {
      detail.mockRestore();
    }
  });

  it('keeps other merchants out (404) and says a website shop has no platform orders', async () => {
    const other = await signUp(t.app);
    const o = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'completed');
    for (const url of [
      `/api/shopee/v1/${shopee.id}/orders/${o.sn}`,
      `/api/shopee/v1/${shopee.id}/products/2300100101`,
    ])
      expect((await get(url, other.headers)).statusCode).toBe(404);
    const web = await createWebsiteShop(t.app, headers);
    const res = (await get(`/api/shopee/v1/${web}/orders/${o.sn}`)).json().data;
    expect(res).toMatchObject({ result: 'unavailable', problem: { reason: 'no_platform_orders' } });
  });
});

describe('the shopper panel', () => {
  it("lists the conversation's buyer's orders in this shop, newest first, from one scan of the shop", async () => {
    const conversation = await conversationWith(shopee, AISYAH.shopee);
    const list = vi.spyOn(t.app.services.clients.shopee, 'getOrderList');
    try {
      const res = await get(`/api/shopee/v1/${shopee.id}/${conversation.externalId}/orders`);
      const { data } = res.json();
      expect(data.result).toBe('found');
      const mine = orders.shopee.filter((o) => o.shopId === SHOPEE_SHOP && o.buyerId === AISYAH.shopee);
      expect(data.orders.map((o: { orderSn: string }) => o.orderSn).sort()).toEqual(
        mine.map((o) => o.sn).sort(),
      );
      const created = data.orders.map((o: { createdAt: string }) => o.createdAt);
      expect([...created].sort().reverse()).toEqual(created);
      const calls = list.mock.calls.length;
      const meiLing = await conversationWith(shopee, MEI_LING);
      const hers = (await get(`/api/shopee/v1/${shopee.id}/${meiLing.externalId}/orders`)).json().data.orders;
      expect(hers.map((o: { status: string }) => o.status).sort()).toEqual([
        'cancelled',
        'to_ship',
        'unpaid',
      ]);
      expect(list.mock.calls.length).toBe(calls);
    } finally {
      list.mockRestore();
    }
  });

  it('lists a Lazada buyer’s orders, and 404s an unknown conversation', async () => {
    const conversation = await conversationWith(lazada, AISYAH.lazada);
    const { data } = (await get(`/api/lazada/v1/${lazada.id}/${conversation.externalId}/orders`)).json();
    expect(data.orders.map((o: { status: string }) => o.status).sort()).toEqual([
      'completed',
      'delivered',
      'shipped',
    ]);
    expect((await get(`/api/lazada/v1/${lazada.id}/no-such-conversation/orders`)).statusCode).toBe(404);
  });
});

describe('the bot’s lookups', () => {
  it("finds the buyer's own order, and answers another buyer's exactly like an unknown one", async () => {
    const service = t.app.services.orders;
    const conversation = await conversationWith(shopee, AISYAH.shopee);
    const own = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'delivered');
    const found = await service.forShopper(shopee, conversation, own.sn.toLowerCase());
    expect(found).toMatchObject({ kind: 'found', order: { orderSn: own.sn, status: 'delivered' } });
    const someoneElses = find('shopee', SHOPEE_SHOP, MEI_LING, 'to ship');
    expect(await service.forShopper(shopee, conversation, someoneElses.sn)).toEqual({ kind: 'not_found' });
    expect(await service.forShopper(shopee, conversation, '270101ZZZZZZZZ')).toEqual({ kind: 'not_found' });
    const lazadaConversation = await conversationWith(lazada, AISYAH.lazada);
    const otherBuyer = orders.lazada.find((o) => o.shopId === LAZADA_SHOP && o.buyerId !== AISYAH.lazada)!;
    expect(await service.forShopper(lazada, lazadaConversation, otherBuyer.sn)).toEqual({
      kind: 'not_found',
    });
  });

  it('limits the lookups of one conversation', async () => {
    const service = t.app.services.orders;
    const conversation = await conversationWith(shopee, AISYAH.shopee);
    const own = find('shopee', SHOPEE_SHOP, AISYAH.shopee, 'completed');
    for (let i = 0; i < 6; i++)
      expect((await service.forShopper(shopee, conversation, own.sn)).kind).toBe('found');
    const limited = await service.forShopper(shopee, conversation, own.sn);
    expect(limited).toMatchObject({ kind: 'unavailable', problem: { reason: 'rate_limited' } });
    const another = await conversationWith(shopee, AISYAH.shopee);
    expect((await service.forShopper(shopee, another, own.sn)).kind).toBe('found');
  });
});

describe('product cards', () => {
  it('come from our synced catalogue, else from the platform; unknown ids are not found', async () => {
    const base = vi.spyOn(t.app.services.clients.shopee, 'getItemBaseInfo');
    try {
      const synced = (await get(`/api/shopee/v1/${shopee.id}/products/2300100103`)).json().data;
      expect(synced).toMatchObject({
        result: 'found',
        product: { productId: '2300100103', name: 'Wooden Busy Board', price: '119.00', stock: 18 },
      });
      expect(synced.product.image).toMatch(/\.svg$/);
      expect(synced.product.variations).toEqual([]);
      // A product with variations: each with its own price and stock, named by its options.
      const romper = (await get(`/api/shopee/v1/${shopee.id}/products/2300100101`)).json().data;
      expect(romper.product.variations).toHaveLength(6);
      expect(romper.product.variations[0]).toEqual({
        id: expect.any(String),
        name: '0-3M / Mint',
        price: expect.stringMatching(/^\d+\.\d{2}$/),
        stock: expect.any(Number),
      });
      expect(romper.product.price).toBe(
        Math.min(...romper.product.variations.map((v: { price: string }) => Number(v.price))).toFixed(2),
      );
      expect(base).not.toHaveBeenCalled();
      const directory = (await t.app.inject({ url: '/sandbox/shopper/api/directory' })).json();
      const listed = new Set(directory.platforms[0].shops[0].products.map((p: { id: string }) => p.id));
      const unlisted = Array.from({ length: 20 }, (_, i) => String(2_300_100_101 + i)).find(
        (id) => !listed.has(id),
      )!;
      const fromPlatform = (await get(`/api/shopee/v1/${shopee.id}/products/${unlisted}`)).json().data;
      expect(fromPlatform).toMatchObject({
        result: 'found',
        product: { productId: unlisted, variations: [] },
      });
      expect(base).toHaveBeenCalledTimes(1);
      await get(`/api/shopee/v1/${shopee.id}/products/${unlisted}`);
      expect(base).toHaveBeenCalledTimes(1);
      // Not (yet) synced: read from the platform, variations from its model list.
      await t.ctx.database.db
        .delete(products)
        .where(and(eq(products.shopId, shopee.id), eq(products.externalId, '2300100101')));
      const live = (await get(`/api/shopee/v1/${shopee.id}/products/2300100101`)).json().data;
      expect(live.product.variations).toEqual(romper.product.variations);
      expect(live.product).toMatchObject({ price: romper.product.price, stock: romper.product.stock });
      expect((await get(`/api/shopee/v1/${shopee.id}/products/9999999999`)).json().data.result).toBe(
        'not_found',
      );
    } finally {
      base.mockRestore();
    }
  });
});
