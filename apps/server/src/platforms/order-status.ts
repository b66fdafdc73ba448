import type { OrderStatus } from '@balas/contracts';

/** Each platform's order statuses in the words a shopper knows (docs/marketplace-orders.md). */

const shopeeStatuses: Record<string, OrderStatus> = {
  UNPAID: 'unpaid',
  INVOICE_PENDING: 'to_ship',
  READY_TO_SHIP: 'to_ship',
  PROCESSED: 'to_ship',
  RETRY_SHIP: 'to_ship',
  SHIPPED: 'shipped',
  TO_CONFIRM_RECEIVE: 'delivered',
  COMPLETED: 'completed',
  IN_CANCEL: 'cancelling',
  CANCELLED: 'cancelled',
  TO_RETURN: 'return_refund',
};

/** Parcel states (LogisticsStatus) that override a "shipped" order status. */
const shopeeParcelProblems = new Set([
  'LOGISTICS_DELIVERY_FAILED',
  'LOGISTICS_LOST',
  'LOGISTICS_PICKUP_FAILED',
]);

export function shopeeOrderStatus(status: string, logisticsStatus = ''): OrderStatus {
  const mapped = shopeeStatuses[status] ?? 'unknown';
  return mapped === 'shipped' && shopeeParcelProblems.has(logisticsStatus) ? 'delivery_failed' : mapped;
}

const lazadaStatuses: Record<string, OrderStatus> = {
  unpaid: 'unpaid',
  pending: 'to_ship',
  packed: 'to_ship',
  repacked: 'to_ship',
  topack: 'to_ship',
  toship: 'to_ship',
  ready_to_ship: 'to_ship',
  ready_to_ship_pending: 'to_ship',
  shipped: 'shipped',
  shipping: 'shipped',
  delivered: 'delivered',
  return_rejected: 'delivered',
  confirmed: 'completed',
  canceled: 'cancelled',
  cancelled: 'cancelled',
  failed: 'delivery_failed',
  failed_delivery: 'delivery_failed',
  lost: 'delivery_failed',
  lost_by_3pl: 'delivery_failed',
  damaged_by_3pl: 'delivery_failed',
  package_scrapped: 'delivery_failed',
  return_waiting_for_approval: 'return_refund',
  return_shipped_by_customer: 'return_refund',
  shipped_back: 'return_refund',
  returned: 'returned',
  shipped_back_success: 'returned',
};

/** When an order's items differ, the status a shopper most needs to hear about comes first. */
const attention: OrderStatus[] = [
  'return_refund',
  'delivery_failed',
  'cancelling',
  'unpaid',
  'to_ship',
  'shipped',
  'delivered',
  'completed',
  'returned',
  'cancelled',
  'unknown',
];

/** A Lazada order has one status per item; the order reads as the most pressing of them. */
export function lazadaOrderStatus(statuses: readonly string[]): OrderStatus {
  const mapped = statuses.map((s) => lazadaStatuses[s.toLowerCase()] ?? 'unknown');
  if (mapped.length === 0) return 'unknown';
  return attention.find((s) => mapped.includes(s)) ?? 'unknown';
}

/** Statuses in which the order has a parcel worth tracking. */
export const hasParcel = (s: OrderStatus) =>
  s === 'shipped' ||
  s === 'delivered' ||
  s === 'completed' ||
  s === 'delivery_failed' ||
  s === 'return_refund';
