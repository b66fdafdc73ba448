import { describe, expect, it } from 'vitest';
import { isNotFound, MarketplaceError } from './errors.ts';
import { fakeFetch, noSleep, reply } from './fake-fetch.ts';
import { createLazadaClient } from './lazada.ts';
import { lazadaTime, toLazadaTrace } from './lazada-orders.ts';
import { createShopeeClient } from './shopee.ts';
import { shopeeSign } from './sign.ts';

/** What the sandbox does not exercise: long ids, optional fields, odd orderings, retries. */

const NOW_MS = 1_700_000_000_123;
const auth = { accessToken: 'access-1', shopId: '600123456' };

function shopee(...answers: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...answers);
  const client = createShopeeClient({
    partnerId: 1000001,
    partnerKey: 'key',
    baseUrl: 'http://h',
    fetch: fake.fetch,
    now: () => NOW_MS,
    sleep: noSleep,
  });
  return { client, sent: fake.sent };
}

function lazada(...answers: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...answers);
  const client = createLazadaClient({
    appKey: '123456',
    appSecret: 'secret',
    apiBaseUrl: 'http://h/rest',
    fetch: fake.fetch,
    now: () => NOW_MS,
    sleep: noSleep,
  });
  return { client, sent: fake.sent };
}

describe('Shopee orders on the wire', () => {
  it('keeps 64-bit ids exact and reads the delivery estimate when Shopee gives one', async () => {
    const { client, sent } = shopee(
      reply(
        '{"error":"","response":{"order_list":[{"order_sn":"2404098R48U37H","order_status":"SHIPPED",' +
          '"currency":"MYR","buyer_user_id":9007199254740993,"total_amount":32.5,"ship_by_date":0,' +
          '"edt_from":1712800000,"edt_to":1713000000,"item_list":[{"item_id":23620853561123456,' +
          '"item_name":"Romper","model_id":0,"model_quantity_purchased":2,"model_discounted_price":0}],' +
          '"package_list":[{"package_number":61630084074470123456}]}]}}',
      ),
    );
    const [order] = await client.getOrderDetail(auth, ['2404098R48U37H']);
    expect(order).toMatchObject({
      buyerUserId: '9007199254740993',
      shipByDate: null,
      estimatedDelivery: { from: 1712800000, to: 1713000000 },
      packageNumbers: ['61630084074470123456'],
    });
    expect(order!.items[0]).toMatchObject({
      itemId: '23620853561123456',
      modelId: '',
      quantity: 2,
      // A bundle deal's items carry 0: the price is unknown, not free.
      price: null,
    });
    const url = sent[0]!.url;
    expect(url.searchParams.get('response_optional_fields')).toContain('buyer_user_id');
    expect(url.searchParams.get('sign')).toBe(
      shopeeSign('key', {
        partnerId: 1000001,
        path: '/api/v2/order/get_order_detail',
        timestamp: Math.floor(NOW_MS / 1000),
        ...auth,
      }),
    );
  });

  it('retries a read after a server error and orders the carrier steps newest first', async () => {
    const { client, sent } = shopee(
      reply({ error: 'error_server', message: 'System error' }, 500),
      reply({
        error: '',
        response: {
          order_sn: 'A1',
          logistics_status: 'LOGISTICS_PICKUP_DONE',
          tracking_info: [
            { update_time: 100, description: 'Picked up', logistics_status: 'PICKED_UP' },
            { update_time: 300, description: 'At hub', logistics_status: 'DELIVERY_PENDING' },
            { update_time: 200, description: 'Departed', logistics_status: 'PICKED_UP' },
          ],
        },
      }),
    );
    const tracking = await client.getTrackingInfo(auth, 'A1');
    expect(sent).toHaveLength(2);
    expect(tracking.events.map((e) => e.time)).toEqual([300, 200, 100]);
  });

  it('tells a not-found order from a failure', () => {
    const error = (code: string, message: string) =>
      new MarketplaceError({ platform: 'shopee', code, message });
    expect(isNotFound(error('error_not_found', 'Wrong parameters, detail: the order is not found.'))).toBe(
      true,
    );
    expect(isNotFound(error('logistics.invalid_error', 'The order is not exist.'))).toBe(true);
    expect(isNotFound(error('error_server', 'System error. Please try again later.'))).toBe(false);
    expect(isNotFound(error('http_404', 'not found'))).toBe(false);
    expect(isNotFound(new Error('not found'))).toBe(false);
  });
});

describe('Lazada orders on the wire', () => {
  it('reads the times Lazada writes, in any of its forms', () => {
    expect(lazadaTime('2027-01-14 10:00:00 +0800')).toBe(Date.parse('2027-01-14T02:00:00Z'));
    expect(lazadaTime('2027-01-14T10:00:00+08:00')).toBe(Date.parse('2027-01-14T02:00:00Z'));
    expect(lazadaTime(1_768_000_000_000)).toBe(1_768_000_000_000);
    expect(lazadaTime('1768000000')).toBe(1_768_000_000_000);
    expect(lazadaTime('')).toBeNull();
    expect(lazadaTime('soon')).toBeNull();
  });

  it('reads the trace under result.data too, and raises a trace the platform says to retry', () => {
    const trace = toLazadaTrace({
      code: '0',
      result: {
        success: true,
        data: [
          {
            package_detail_info_list: [
              {
                tracking_number: 'MYLEX1',
                logistic_detail_info_list: [
                  { event_time: 1000, status_code: 'a', title: 'A' },
                  { event_time: 3000, status_code: 'c', title: 'C' },
                ],
              },
            ],
          },
        ],
      },
    });
    expect(trace.packages[0]!.events.map((e) => e.status)).toEqual(['c', 'a']);
    expect(() =>
      toLazadaTrace({
        code: '0',
        result: { success: false, retry: true, error_code: { displayMessage: 'Busy' } },
      }),
    ).toThrow(MarketplaceError);
  });

  it('sends the order ids of a batch as a JSON array of numbers, leaving out anything else', async () => {
    const { client, sent } = lazada(
      reply(
        '{"code":"0","data":[{"order_id":123456789012345,"order_items":[{"order_item_id":12345678901234567,' +
          '"buyer_id":1880011,"name":"Romper","paid_price":29.9}]}]}',
      ),
    );
    const [order] = await client.getMultipleOrderItems('token', ['123456789012345', '1; DROP', '42']);
    expect(sent[0]!.url.searchParams.get('order_ids')).toBe('[123456789012345,42]');
    expect(order).toMatchObject({ orderId: '123456789012345' });
    expect(order!.items[0]).toMatchObject({
      orderItemId: '12345678901234567',
      buyerId: '1880011',
      price: 29.9,
    });
  });
});
