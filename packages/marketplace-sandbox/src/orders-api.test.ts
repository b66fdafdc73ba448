import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order, OrderStatus } from './data/types.ts';
import {
  authorizeLazada,
  authorizeShopee,
  lazadaParams,
  shopeeUrl,
  type TestSandbox,
  testSandbox,
} from './test-kit.ts';

let sb: TestSandbox;
let shopee: { accessToken: string; shopId: string };
let lazada: string;
beforeAll(async () => {
  sb = await testSandbox();
  const s = await authorizeShopee(sb, '947042923');
  shopee = { accessToken: s.accessToken, shopId: s.shopId };
  lazada = (await authorizeLazada(sb, '100094063')).accessToken;
});
afterAll(() => sb.app.close());

const sget = (path: string, params: Record<string, string> = {}) =>
  sb.app.inject({ url: shopeeUrl(sb.clock.now, path, params, shopee) });
const lget = (apiPath: string, params: Record<string, string> = {}) =>
  sb.app.inject({
    url: `/lazada/rest${apiPath}?${lazadaParams(sb.clock.now, apiPath, { access_token: lazada, ...params })}`,
  });
const sec = (ms: number) => String(Math.floor(ms / 1000));
const ordersOf = (platform: 'shopee' | 'lazada', shopId: string) =>
  sb.state.data[platform].orders.filter((o) => o.shopId === shopId);
const one = (platform: 'shopee' | 'lazada', shopId: string, status: OrderStatus): Order =>
  ordersOf(platform, shopId).find((o) => o.status === status)!;

describe('seeded orders', () => {
  it('cover every status a shopper asks about in every shop, three per buyer', () => {
    for (const platform of ['shopee', 'lazada'] as const)
      for (const shop of sb.state.data[platform].shops) {
        const orders = ordersOf(platform, shop.id);
        expect(new Set(orders.map((o) => o.status)).size).toBe(7);
        expect(orders).toHaveLength(12);
        for (const o of orders.filter((x) => ['SHIPPED', 'DELIVERED', 'COMPLETED'].includes(x.status))) {
          expect(o.trackingNumber).toBeTruthy();
          expect(o.events.length).toBeGreaterThanOrEqual(3);
          expect(o.events.at(-1)!.at).toBeLessThan(sb.clock.now);
        }
      }
  });

  it('upgrades a version 2 state file, keeping the order numbers chats refer to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sandbox-v2-'));
    try {
      const old = structuredClone(sb.state.data) as unknown as Record<string, unknown>;
      old.version = 2;
      for (const platform of ['shopee', 'lazada'] as const) {
        const p = old[platform] as { orders: Record<string, unknown>[] };
        p.orders = p.orders.slice(0, 2).map((o) => ({
          sn: o.sn,
          shopId: o.shopId,
          buyerId: o.buyerId,
          itemIds: (o.lines as { itemId: string }[]).map((l) => l.itemId),
          total: o.total,
          status: 'SHIPPED',
          createdAt: o.createdAt,
        }));
      }
      const statePath = join(dir, 'sandbox.json');
      writeFileSync(statePath, JSON.stringify(old));
      const upgraded = await testSandbox({ statePath });
      const orders = upgraded.state.data.shopee.orders;
      expect(orders[0]).toMatchObject({
        sn: sb.state.data.shopee.orders[0]!.sn,
        status: 'SHIPPED',
        trackingNumber: expect.stringMatching(/^SPXMY/),
      });
      expect(orders.length).toBe(2 + 24);
      await upgraded.app.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Shopee orders', () => {
  it("finds the shop's orders over a time window, newest first, page by page", async () => {
    const window = { time_range_field: 'create_time', time_from: sec(sb.clock.now - 14 * 86_400_000) };
    const first = await sget('/api/v2/order/get_order_list', {
      ...window,
      time_to: sec(sb.clock.now),
      page_size: '5',
      response_optional_fields: 'order_status',
    });
    const page = first.json().response;
    expect(page).toMatchObject({ more: true, next_cursor: '5' });
    expect(page.order_list).toHaveLength(5);
    expect(page.order_list[0]).toEqual({ order_sn: expect.any(String), order_status: 'UNPAID' });
    const rest = (
      await sget('/api/v2/order/get_order_list', {
        ...window,
        time_to: sec(sb.clock.now),
        page_size: '100',
        cursor: '5',
      })
    ).json().response;
    expect(rest).toMatchObject({ more: false, next_cursor: '' });
    expect(5 + rest.order_list.length).toBe(12);
    expect(rest.order_list[0]).not.toHaveProperty('order_status');
    const shipped = await sget('/api/v2/order/get_order_list', {
      ...window,
      time_to: sec(sb.clock.now),
      page_size: '100',
      order_status: 'TO_CONFIRM_RECEIVE',
    });
    expect(shipped.json().response.order_list).toHaveLength(2);
  });

  it('refuses a window over 15 days, a missing page size and an unknown status', async () => {
    const base = { time_range_field: 'create_time', time_to: sec(sb.clock.now), page_size: '10' };
    const long = await sget('/api/v2/order/get_order_list', {
      ...base,
      time_from: sec(sb.clock.now - 16 * 86_400_000),
    });
    expect(long.json()).toMatchObject({ error: 'order.order_list_invalid_time' });
    const { page_size: _, ...noSize } = base;
    const dayAgo = sec(sb.clock.now - 86_400_000);
    expect((await sget('/api/v2/order/get_order_list', { ...noSize, time_from: dayAgo })).json().error).toBe(
      'error_param',
    );
    expect(
      (
        await sget('/api/v2/order/get_order_list', { ...base, time_from: dayAgo, order_status: 'LOST' })
      ).json().error,
    ).toBe('error_param');
  });

  it('details orders with items, models, pictures, buyer and amounts as asked', async () => {
    const o = one('shopee', shopee.shopId, 'SHIPPED');
    const res = await sget('/api/v2/order/get_order_detail', {
      order_sn_list: o.sn,
      response_optional_fields:
        'buyer_user_id,buyer_username,item_list,total_amount,package_list,shipping_carrier,pay_time',
    });
    expect(res.body).toContain(`"buyer_user_id":${o.buyerId},`);
    const [detail] = res.json().response.order_list;
    expect(detail).toMatchObject({
      order_sn: o.sn,
      order_status: 'SHIPPED',
      currency: 'MYR',
      total_amount: o.total,
      ship_by_date: Math.floor(o.shipBy / 1000),
      shipping_carrier: 'SPX Express',
      package_list: [{ logistics_status: 'LOGISTICS_PICKUP_DONE' }],
    });
    expect(detail.item_list).toHaveLength(o.lines.length);
    expect(detail.item_list[0]).toMatchObject({
      item_id: Number(o.lines[0]!.itemId),
      model_quantity_purchased: o.lines[0]!.quantity,
      model_discounted_price: o.lines[0]!.price,
      image_info: { image_url: expect.stringMatching(/^http:\/\/sandbox\.test\/sandbox\/assets\//) },
    });
    const unpaid = one('shopee', shopee.shopId, 'UNPAID');
    const bare = (
      await sget('/api/v2/order/get_order_detail', {
        order_sn_list: unpaid.sn,
        response_optional_fields: 'total_amount',
      })
    ).json().response.order_list[0];
    expect(bare).not.toHaveProperty('total_amount');
    expect(bare).not.toHaveProperty('item_list');
  });

  it("answers another shop's order and a made-up number as not found", async () => {
    const theirs = ordersOf('shopee', '947042987')[0]!;
    const mine = ordersOf('shopee', shopee.shopId)[0]!;
    const mixed = await sget('/api/v2/order/get_order_detail', { order_sn_list: `${mine.sn},${theirs.sn}` });
    expect(mixed.json().response.order_list.map((x: { order_sn: string }) => x.order_sn)).toEqual([mine.sn]);
    for (const sn of [theirs.sn, '270101XXXXXXXX'])
      expect((await sget('/api/v2/order/get_order_detail', { order_sn_list: sn })).json()).toMatchObject({
        error: 'error_not_found',
      });
    expect((await sget('/api/v2/logistics/get_tracking_info', { order_sn: theirs.sn })).json().error).toBe(
      'logistics.invalid_error',
    );
  });

  it('gives the tracking number and the carrier steps, newest first, once shipped', async () => {
    const o = one('shopee', shopee.shopId, 'DELIVERED');
    const number = (await sget('/api/v2/logistics/get_tracking_number', { order_sn: o.sn })).json();
    expect(number.response).toEqual({ tracking_number: o.trackingNumber });
    const info = (await sget('/api/v2/logistics/get_tracking_info', { order_sn: o.sn })).json().response;
    expect(info.logistics_status).toBe('LOGISTICS_DELIVERY_DONE');
    expect(info.tracking_info[0]).toMatchObject({ logistics_status: 'DELIVERED' });
    expect(info.tracking_info).toHaveLength(o.events.length);
    const toShip = one('shopee', shopee.shopId, 'READY_TO_SHIP');
    expect(
      (await sget('/api/v2/logistics/get_tracking_number', { order_sn: toShip.sn })).json().response,
    ).toEqual({ tracking_number: '' });
    const cancelled = one('shopee', shopee.shopId, 'CANCELLED');
    expect((await sget('/api/v2/logistics/get_tracking_info', { order_sn: cancelled.sn })).json().error).toBe(
      'logistics.error_status_limit',
    );
  });
});

describe('Lazada orders', () => {
  it('gets an order with its amounts, statuses and promised shipping time', async () => {
    const o = one('lazada', '100094063', 'READY_TO_SHIP');
    const data = (await lget('/order/get', { order_id: o.sn })).json().data;
    expect(data).toMatchObject({
      order_id: Number(o.sn),
      price: o.total.toFixed(2),
      statuses: ['ready_to_ship'],
      items_count: o.lines.reduce((n, l) => n + l.quantity, 0),
      promised_shipping_times: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0800$/),
    });
  });

  it('lists one order item per unit, with the buyer, picture and long ids as bare numbers', async () => {
    const o = ordersOf('lazada', '100094063').find((x) => x.lines.some((l) => l.quantity > 1))!;
    const res = await lget('/order/items/get', { order_id: o.sn });
    const items = res.json().data as { buyer_id: number; status: string; product_main_image: string }[];
    expect(items).toHaveLength(o.lines.reduce((n, l) => n + l.quantity, 0));
    expect(items[0]).toMatchObject({ buyer_id: Number(o.buyerId), product_main_image: expect.any(String) });
    expect(res.body).toMatch(new RegExp(`"order_item_id":${o.sn}\\d{2},`));
  });

  it("answers another seller's order as not existing, and a missing order id", async () => {
    const theirs = ordersOf('lazada', '100094071')[0]!;
    expect((await lget('/order/get', { order_id: theirs.sn })).json().code).toBe('InvalidParameter');
    expect((await lget('/order/items/get', { order_id: theirs.sn })).json().code).toBe('InvalidParameter');
    expect((await lget('/order/get')).json().code).toBe('MissingParameter');
  });

  it('lists recent orders newest first and the items of several orders at once', async () => {
    const after = new Date(sb.clock.now - 30 * 86_400_000).toISOString().replace('Z', '+00:00');
    const page = (await lget('/orders/get', { created_after: after, limit: '4' })).json().data;
    expect(page).toMatchObject({ count: 4, countTotal: 12 });
    const created = page.orders.map((x: { created_at: string }) => x.created_at);
    expect([...created].sort().reverse()).toEqual(created);
    const ids = page.orders.map((x: { order_id: number }) => x.order_id);
    const theirs = Number(ordersOf('lazada', '100094071')[0]!.sn);
    const many = (await lget('/orders/items/get', { order_ids: JSON.stringify([...ids, theirs]) })).json();
    expect(many.data.map((x: { order_id: number }) => x.order_id)).toEqual(ids);
    expect(many.data[0].order_items[0]).toHaveProperty('buyer_id');
    expect((await lget('/orders/get', {})).json().code).toBe('InvalidParameter');
    expect((await lget('/orders/items/get', { order_ids: '1,2' })).json().code).toBe('InvalidParameter');
  });

  it('traces a shipped parcel under `result`, and says when there is nothing to trace yet', async () => {
    const o = one('lazada', '100094063', 'SHIPPED');
    const res = await lget('/logistic/order/trace', { order_id: o.sn, locale: 'en' });
    expect(res.body).toMatch(/"ofc_order_id":\d{19},/);
    const pkg = res.json().result.module[0].package_detail_info_list[0];
    expect(pkg.tracking_number).toBe(o.trackingNumber);
    expect(pkg.logistic_detail_info_list.map((e: { event_time: number }) => e.event_time)).toEqual(
      o.events.map((e) => e.at),
    );
    const unpaid = one('lazada', '100094063', 'UNPAID');
    const none = (await lget('/logistic/order/trace', { order_id: unpaid.sn })).json();
    expect(none).toMatchObject({ code: '0', result: { success: false, module: [] } });
  });
});
