import { MarketplaceError } from './errors.ts';
import { bool, type Json, list, num, numOrNull, obj, str, strList } from './wire-values.ts';

/** Lazada's orders and parcels in our terms. Ids are strings, times Unix milliseconds. */

export interface LazadaOrder {
  orderId: string;
  orderNumber: string;
  /** e.g. ["shipped"]: one per distinct status of the order's items. */
  statuses: string[];
  /** Items plus shipping, as Lazada writes it ("123.40"). */
  price: number | null;
  shippingFee: number | null;
  paymentMethod: string;
  itemsCount: number;
  customerName: string;
  createdAt: number | null;
  updatedAt: number | null;
  /** When the seller promised to ship. */
  promisedShippingTime: number | null;
}

/** One unit of a product in an order: two of the same product are two order items. */
export interface LazadaOrderItem {
  orderItemId: string;
  orderId: string;
  /** The product (Lazada item) id. */
  itemId: string;
  skuId: string;
  name: string;
  sku: string;
  /** e.g. "Size:3-6M, Colour:Mint". */
  variation: string;
  /** What the buyer paid for this unit (after vouchers), else the item price. */
  price: number | null;
  currency: string;
  status: string;
  imageUrl: string;
  buyerId: string;
  trackingNumber: string;
  carrier: string;
  packageId: string;
  promisedShippingTime: number | null;
  /** Why it was cancelled or returned. */
  reason: string;
}

export interface LazadaTraceEvent {
  time: number;
  /** e.g. domestic_delivered. */
  status: string;
  title: string;
  description: string;
}

export interface LazadaTrace {
  packages: { packageId: string; trackingNumber: string; events: LazadaTraceEvent[] }[];
}

/**
 * Lazada writes times as "2027-01-14 10:00:00 +0800"; ISO 8601 and epoch numbers are read too.
 * Null when absent or unreadable.
 */
export function lazadaTime(v: unknown): number | null {
  if (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v))) {
    const n = Number(v);
    return n > 0 ? (n < 1e12 ? n * 1000 : n) : null;
  }
  const s = str(v).trim();
  if (!s) return null;
  const iso = s.replace(/^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) ?([+-]\d\d):?(\d\d)$/, '$1T$2$3:$4');
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

export const toLazadaOrder = (o: Json): LazadaOrder => ({
  orderId: str(o.order_id),
  orderNumber: str(o.order_number) || str(o.order_id),
  statuses: strList(o.statuses).filter(Boolean),
  price: numOrNull(typeof o.price === 'string' ? o.price.replace(/,/g, '') : o.price),
  shippingFee: numOrNull(o.shipping_fee),
  paymentMethod: str(o.payment_method),
  itemsCount: num(o.items_count),
  customerName: [str(o.customer_first_name), str(o.customer_last_name)].filter(Boolean).join(' '),
  createdAt: lazadaTime(o.created_at),
  updatedAt: lazadaTime(o.updated_at),
  // Sometimes a list of times joined by commas: the earliest is the one to keep.
  promisedShippingTime: lazadaTime(str(o.promised_shipping_times).split(',')[0]),
});

export const toLazadaOrderItem = (i: Json): LazadaOrderItem => ({
  orderItemId: str(i.order_item_id),
  orderId: str(i.order_id),
  itemId: str(i.product_id ?? i.item_id),
  skuId: str(i.sku_id),
  name: str(i.name),
  sku: str(i.sku),
  variation: str(i.variation),
  price: numOrNull(i.paid_price) ?? numOrNull(i.item_price),
  currency: str(i.currency),
  status: str(i.status),
  imageUrl: str(i.product_main_image),
  buyerId: str(i.buyer_id),
  trackingNumber: str(i.tracking_code),
  carrier: str(i.shipment_provider),
  packageId: str(i.package_id),
  promisedShippingTime: lazadaTime(i.promised_shipping_time),
  reason: str(i.reason),
});

/**
 * The trace answers under `result` (an SDK reads `result.module`, another Lazada-family client
 * `result.data`); each package lists the carrier's steps, read here newest first.
 */
export function toLazadaTrace(body: Json): LazadaTrace {
  const result = obj(body.result);
  if (result.success === false && bool(result.retry))
    throw new MarketplaceError({
      platform: 'lazada',
      code: 'ServiceUnavailable',
      message: str(obj(result.error_code).displayMessage) || 'The parcel trace is unavailable',
      requestId: str(body.request_id),
    });
  const groups = list(result.module ?? result.data);
  return {
    packages: groups.flatMap((g) =>
      list(g.package_detail_info_list).map((p) => ({
        packageId: str(p.ofc_package_id),
        trackingNumber: str(p.tracking_number),
        events: list(p.logistic_detail_info_list)
          .map((e) => ({
            time: lazadaTime(e.event_time) ?? 0,
            status: str(e.status_code),
            title: str(e.title),
            description: str(e.description),
          }))
          .sort((a, b) => b.time - a.time),
      })),
    ),
  };
}

type LazadaGet = (
  apiPath: string,
  accessToken: string,
  params: Record<string, string | number | undefined>,
) => Promise<Json>;

/** GetOrder, GetOrders, GetOrderItems, GetMultipleOrderItems and GetOrderTrace, on the client's signed GET. */
export function lazadaOrderCalls(get: LazadaGet) {
  return {
    getOrder: async (accessToken: string, orderId: string): Promise<LazadaOrder> =>
      toLazadaOrder(obj((await get('/order/get', accessToken, { order_id: orderId })).data)),

    /** The order's items, one per unit bought (the data is a list, not an object). */
    getOrderItems: async (accessToken: string, orderId: string): Promise<LazadaOrderItem[]> =>
      list((await get('/order/items/get', accessToken, { order_id: orderId })).data).map(toLazadaOrderItem),

    /** The items of up to 50 orders in one call; orders not of this seller are left out. */
    async getMultipleOrderItems(
      accessToken: string,
      orderIds: readonly string[],
    ): Promise<{ orderId: string; items: LazadaOrderItem[] }[]> {
      // A JSON array of numbers: the ids are decimal digits, written as they are.
      const ids = `[${orderIds.filter((id) => /^\d+$/.test(id)).join(',')}]`;
      const b = await get('/orders/items/get', accessToken, { order_ids: ids });
      return list(b.data).map((o) => ({
        orderId: str(o.order_id),
        items: list(o.order_items).map(toLazadaOrderItem),
      }));
    },

    /**
     * Orders created after `createdAfter` (ISO 8601), newest first. Lazada offers no filter by
     * buyer: read the buyer from the items (getMultipleOrderItems).
     */
    async getOrders(
      accessToken: string,
      input: {
        createdAfter: string;
        createdBefore?: string | undefined;
        status?: string | undefined;
        offset: number;
        limit: number;
      },
    ): Promise<{ orders: LazadaOrder[]; total: number }> {
      const d = obj(
        (
          await get('/orders/get', accessToken, {
            created_after: input.createdAfter,
            created_before: input.createdBefore,
            status: input.status,
            sort_by: 'created_at',
            sort_direction: 'DESC',
            offset: input.offset,
            limit: input.limit,
          })
        ).data,
      );
      return { orders: list(d.orders).map(toLazadaOrder), total: num(d.countTotal ?? d.count) };
    },

    /** The carrier's steps of each package; none before the parcel is handed over. */
    getOrderTrace: async (accessToken: string, orderId: string, locale = 'en'): Promise<LazadaTrace> =>
      toLazadaTrace(await get('/logistic/order/trace', accessToken, { order_id: orderId, locale })),
  };
}
