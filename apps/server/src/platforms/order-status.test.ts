import { describe, expect, it } from 'vitest';
import { hasParcel, lazadaOrderStatus, shopeeOrderStatus } from './order-status.ts';

describe('order statuses in words a shopper knows', () => {
  it('maps Shopee statuses, and a failed or lost parcel of a shipped order', () => {
    expect(
      [
        'UNPAID',
        'PROCESSED',
        'SHIPPED',
        'TO_CONFIRM_RECEIVE',
        'COMPLETED',
        'IN_CANCEL',
        'TO_RETURN',
        'NEW_ONE',
      ].map((s) => shopeeOrderStatus(s)),
    ).toEqual([
      'unpaid',
      'to_ship',
      'shipped',
      'delivered',
      'completed',
      'cancelling',
      'return_refund',
      'unknown',
    ]);
    expect(shopeeOrderStatus('SHIPPED', 'LOGISTICS_DELIVERY_FAILED')).toBe('delivery_failed');
    expect(shopeeOrderStatus('COMPLETED', 'LOGISTICS_DELIVERY_FAILED')).toBe('completed');
  });

  it('reads a Lazada order with items in several statuses as the most pressing one', () => {
    expect(lazadaOrderStatus(['shipped'])).toBe('shipped');
    expect(lazadaOrderStatus(['delivered', 'return_waiting_for_approval'])).toBe('return_refund');
    expect(lazadaOrderStatus(['canceled', 'ready_to_ship'])).toBe('to_ship');
    expect(lazadaOrderStatus(['Delivered'])).toBe('delivered');
    expect(lazadaOrderStatus([])).toBe('unknown');
    expect(lazadaOrderStatus(['something_new'])).toBe('unknown');
  });

  it('tracks parcels only once an order has one', () => {
    expect(
      ['unpaid', 'to_ship', 'cancelled', 'shipped', 'delivered'].map((s) => hasParcel(s as never)),
    ).toEqual([false, false, false, true, true]);
  });
});
