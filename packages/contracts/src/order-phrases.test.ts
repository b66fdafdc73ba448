import { describe, expect, it } from 'vitest';
import { orderStatusPhrase } from './order-phrases.ts';
import type { OrderView } from './orders.ts';

const base = {
  orderSn: '270112ABCD1234',
  status: 'shipped' as OrderView['status'],
  platformStatus: 'SHIPPED',
  shipBy: '2027-01-14T02:00:00.000Z',
  expectedDelivery: null as OrderView['expectedDelivery'],
  tracking: {
    number: 'SPXMY012345678901',
    carrier: 'SPX Express',
    events: [
      { at: '2027-01-13T06:30:00.000Z', description: 'Parcel has arrived at the delivery hub', status: 'X' },
      { at: '2027-01-12T06:30:00.000Z', description: 'Parcel has been picked up', status: 'PICKED_UP' },
    ],
  },
};

describe('orderStatusPhrase', () => {
  it('tells where a shipped parcel is: carrier, tracking number, latest step (shop time), estimate', () => {
    const order = { ...base, expectedDelivery: { from: '2027-01-15T04:00:00Z', to: '2027-01-17T04:00:00Z' } };
    expect(orderStatusPhrase(order, 'en')).toBe(
      'Your order 270112ABCD1234 is on its way with SPX Express. Tracking number: SPXMY012345678901. ' +
        'Latest update (13 Jan, 14:30): Parcel has arrived at the delivery hub. Expected delivery: 15 Jan to 17 Jan.',
    );
    expect(orderStatusPhrase(order, 'ms')).toBe(
      'Pesanan anda 270112ABCD1234 sedang dalam perjalanan melalui SPX Express. Nombor penjejakan: SPXMY012345678901. ' +
        'Kemas kini terkini (13 Jan, 14:30): Parcel has arrived at the delivery hub. Jangkaan sampai: 15 Jan hingga 17 Jan.',
    );
    const zh = orderStatusPhrase(order, 'zh');
    expect(zh).toMatch(
      /^您的订单270112ABCD1234已发货，正在运送中（SPX Express）。快递单号：SPXMY012345678901。最新物流（1月13日/,
    );
    expect(zh).toMatch(/预计送达：1月15日至1月17日。$/);
  });

  it('gives the ship-by date while the order waits to be shipped, and no tracking', () => {
    const order = {
      ...base,
      status: 'to_ship' as const,
      tracking: { number: null, carrier: null, events: [] },
    };
    expect(orderStatusPhrase(order, 'en')).toBe(
      'Your order 270112ABCD1234 is being prepared for shipping. The seller will ship it by 14 Jan.',
    );
    expect(orderStatusPhrase(order, 'ms')).toBe(
      'Pesanan anda 270112ABCD1234 sedang disediakan untuk penghantaran. Penjual akan menghantarnya sebelum 14 Jan.',
    );
    expect(orderStatusPhrase(order, 'zh')).toBe(
      '您的订单270112ABCD1234正在备货，等待发货。卖家将于1月14日前发货。',
    );
  });

  it('has words for every status, without tracking where there is no parcel', () => {
    const phrases = (
      ['unpaid', 'delivered', 'completed', 'cancelling', 'cancelled', 'return_refund', 'returned'] as const
    ).map((status) => orderStatusPhrase({ ...base, status }, 'en'));
    expect(phrases).toEqual([
      'Your order 270112ABCD1234 is waiting for payment.',
      'Your order 270112ABCD1234 has been delivered. Tracking number: SPXMY012345678901. Latest update (13 Jan, 14:30): Parcel has arrived at the delivery hub.',
      expect.stringMatching(
        /^Your order 270112ABCD1234 has been delivered and is completed\. Tracking number/,
      ),
      'Your request to cancel order 270112ABCD1234 is being processed.',
      'Your order 270112ABCD1234 has been cancelled.',
      'Your return/refund request for order 270112ABCD1234 is being processed.',
      'Your order 270112ABCD1234 has been returned.',
    ]);
    expect(orderStatusPhrase({ ...base, status: 'unknown', platformStatus: 'INVOICE_PENDING' }, 'ms')).toBe(
      'Status pesanan anda 270112ABCD1234: INVOICE_PENDING.',
    );
    expect(orderStatusPhrase({ ...base, status: 'delivery_failed' }, 'zh')).toMatch(
      /^您的订单270112ABCD1234派送未成功。快递单号/,
    );
  });
});
