import { authorizeShop, createSandbox, type Sandbox } from '@balas/marketplace-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNotFound, MarketplaceError } from './errors.ts';
import { createLazadaClient } from './lazada.ts';
import { createShopeeClient } from './shopee.ts';

/** The clients' order calls against the sandbox, which checks signatures and parameters itself. */

const SHOPEE = { partnerId: 2_000_002, partnerKey: 'orders-shopee-key' };
const LAZADA = { appKey: '100002', appSecret: 'orders-lazada-secret' };
const SHOP = '947042923';
const SELLER = '100094063';

let sb: Sandbox;
const requests: URL[] = [];
/** The sandbox app in place of the network; every request is kept for the assertions. */
const fetchSandbox: typeof fetch = async (input, init) => {
  const url = new URL(String(input));
  requests.push(url);
  const res = await sb.app.inject({
    method: (init?.method ?? 'GET') as 'GET' | 'POST',
    url: url.pathname + url.search,
    headers: (init?.headers ?? {}) as Record<string, string>,
    ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
  });
  return new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
};
const noSleep = async () => {};
const shopee = createShopeeClient(
  { ...SHOPEE, baseUrl: 'http://sandbox.test/shopee', sleep: noSleep },
  fetchSandbox,
);
const lazada = createLazadaClient(
  {
    ...LAZADA,
    apiBaseUrl: 'http://sandbox.test/lazada/rest',
    authRestUrl: 'http://sandbox.test/lazada/rest',
    sleep: noSleep,
  },
  fetchSandbox,
);
let auth: { accessToken: string; shopId: string };
let lazadaToken: string;

const orders = (platform: 'shopee' | 'lazada', shopId: string) =>
  sb.state.data[platform].orders.filter((o) => o.shopId === shopId);
const withStatus = (platform: 'shopee' | 'lazada', shopId: string, status: string) =>
  orders(platform, shopId).find((o) => o.status === status)!;
const lastRequest = () => requests.at(-1)!;

beforeAll(async () => {
  sb = await createSandbox({ publicUrl: 'http://sandbox.test', shopee: SHOPEE, lazada: LAZADA });
  const shopeeCode = authorizeShop(sb.state, 'shopee', SHOP, 600_000);
  const t = await shopee.getAccessToken({ code: shopeeCode, shopId: SHOP });
  auth = { accessToken: t.accessToken, shopId: SHOP };
  lazadaToken = (await lazada.createToken(authorizeShop(sb.state, 'lazada', SELLER, 600_000))).accessToken;
});
afterAll(() => sb.app.close());

describe('Shopee order calls', () => {
  it('reads an order: status, items with model and picture, amounts, ship-by date and buyer', async () => {
    const o = withStatus('shopee', SHOP, 'SHIPPED');
    const [order] = await shopee.getOrderDetail(auth, [o.sn]);
    expect(lastRequest().pathname).toBe('/shopee/api/v2/order/get_order_detail');
    expect(lastRequest().searchParams.get('order_sn_list')).toBe(o.sn);
    expect(lastRequest().searchParams.get('shop_id')).toBe(SHOP);
    expect(order).toMatchObject({
      orderSn: o.sn,
      status: 'SHIPPED',
      currency: 'MYR',
      totalAmount: o.total,
      shipByDate: Math.floor(o.shipBy / 1000),
      buyerUserId: o.buyerId,
      buyerUsername: expect.any(String),
      shippingCarrier: 'SPX Express',
    });
    expect(order!.items).toHaveLength(o.lines.length);
    expect(order!.items[0]).toMatchObject({
      itemId: o.lines[0]!.itemId,
      quantity: o.lines[0]!.quantity,
      price: o.lines[0]!.price,
      imageUrl: expect.stringMatching(/^http:\/\/sandbox\.test\/assets\/products\//),
    });
    expect(typeof order!.buyerUserId).toBe('string');
  });

  it("finds no order of another shop: Shopee's not-found error", async () => {
    const theirs = orders('shopee', '947042987')[0]!;
    const error = await shopee.getOrderDetail(auth, [theirs.sn]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(error).toMatchObject({ code: 'error_not_found' });
    expect(isNotFound(error)).toBe(true);
  });

  it('lists the orders of a time window page by page with the cursor', async () => {
    const nowS = Math.floor(Date.now() / 1000);
    const window = { timeRangeField: 'create_time' as const, timeFrom: nowS - 15 * 86_400, timeTo: nowS };
    const first = await shopee.getOrderList(auth, { ...window, pageSize: 7 });
    expect(first).toMatchObject({ more: true, nextCursor: '7' });
    expect(lastRequest().searchParams.get('time_range_field')).toBe('create_time');
    const second = await shopee.getOrderList(auth, { ...window, pageSize: 7, cursor: first.nextCursor });
    expect(second.more).toBe(false);
    const sns = [...first.orders, ...second.orders].map((x) => x.orderSn).sort();
    expect(sns).toEqual(
      orders('shopee', SHOP)
        .map((x) => x.sn)
        .sort(),
    );
    expect(first.orders[0]!.status).toBe('UNPAID');
    const tooLong = await shopee
      .getOrderList(auth, { ...window, timeFrom: nowS - 20 * 86_400, pageSize: 7 })
      .catch((e: unknown) => e);
    expect(tooLong).toMatchObject({ code: 'order.order_list_invalid_time' });
  });

  it('gives the tracking number and the carrier steps newest first', async () => {
    const o = withStatus('shopee', SHOP, 'DELIVERED');
    expect(await shopee.getTrackingNumber(auth, o.sn)).toBe(o.trackingNumber);
    expect(lastRequest().searchParams.get('order_sn')).toBe(o.sn);
    const tracking = await shopee.getTrackingInfo(auth, o.sn);
    expect(tracking.logisticsStatus).toBe('LOGISTICS_DELIVERY_DONE');
    expect(tracking.events[0]).toEqual({
      time: Math.floor(o.events.at(-1)!.at / 1000),
      description: 'Parcel has been delivered',
      status: 'DELIVERED',
    });
    const toShip = withStatus('shopee', SHOP, 'READY_TO_SHIP');
    expect(await shopee.getTrackingNumber(auth, toShip.sn)).toBe('');
    const missing = await shopee.getTrackingInfo(auth, '270101NOTMINE1').catch((e: unknown) => e);
    expect(isNotFound(missing)).toBe(true);
  });
});

describe('Lazada order calls', () => {
  it('reads an order and its items: one per unit, long ids kept exact as strings', async () => {
    const o = orders('lazada', SELLER).find((x) => x.lines.some((l) => l.quantity > 1))!;
    const order = await lazada.getOrder(lazadaToken, o.sn);
    expect(lastRequest().pathname).toBe('/lazada/rest/order/get');
    expect(order).toMatchObject({
      orderId: o.sn,
      price: o.total,
      itemsCount: o.lines.reduce((n, l) => n + l.quantity, 0),
      createdAt: Math.floor(o.createdAt / 1000) * 1000,
    });
    const items = await lazada.getOrderItems(lazadaToken, o.sn);
    expect(items).toHaveLength(order.itemsCount);
    expect(items[0]).toMatchObject({
      orderItemId: `${o.sn}00`,
      orderId: o.sn,
      itemId: o.lines[0]!.itemId,
      buyerId: o.buyerId,
      price: o.lines[0]!.price,
      currency: 'MYR',
    });
    expect(BigInt(items[0]!.orderItemId) > 2n ** 53n).toBe(true);
  });

  it("reports another seller's order as not found", async () => {
    const theirs = orders('lazada', '100094071')[0]!;
    const error = await lazada.getOrder(lazadaToken, theirs.sn).catch((e: unknown) => e);
    expect(error).toMatchObject({ platform: 'lazada', code: 'InvalidParameter' });
    expect(isNotFound(error)).toBe(true);
  });

  it('lists recent orders newest first and reads the buyers of many orders in one call', async () => {
    const after = new Date(Date.now() - 30 * 86_400_000).toISOString();
    const page = await lazada.getOrders(lazadaToken, { createdAfter: after, offset: 0, limit: 100 });
    expect(page.total).toBe(12);
    expect(lastRequest().searchParams.get('sort_direction')).toBe('DESC');
    const times = page.orders.map((x) => x.createdAt!);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const many = await lazada.getMultipleOrderItems(
      lazadaToken,
      page.orders.map((x) => x.orderId),
    );
    expect(lastRequest().searchParams.get('order_ids')).toMatch(/^\[\d+(,\d+)*\]$/);
    const buyers = new Set(many.map((x) => x.items[0]!.buyerId));
    expect([...buyers].sort()).toEqual(sb.state.data.lazada.buyers.map((b) => b.id).sort());
  });

  it('traces a shipped parcel, newest step first; nothing before it ships', async () => {
    const o = withStatus('lazada', SELLER, 'SHIPPED');
    const trace = await lazada.getOrderTrace(lazadaToken, o.sn);
    expect(trace.packages).toHaveLength(1);
    expect(trace.packages[0]!.trackingNumber).toBe(o.trackingNumber);
    expect(trace.packages[0]!.events.map((e) => e.time)).toEqual(o.events.map((e) => e.at).reverse());
    const unpaid = withStatus('lazada', SELLER, 'UNPAID');
    expect(await lazada.getOrderTrace(lazadaToken, unpaid.sn)).toEqual({ packages: [] });
  });
});
