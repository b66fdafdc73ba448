import { bool, type Json, list, num, numOrNull, obj, str } from './wire-values.ts';

/** Shopee's orders and parcels in our terms. Ids are strings, times Unix seconds. */

export interface ShopeeOrderItem {
  itemId: string;
  name: string;
  /** The variation bought ('' without one), e.g. "3-6M,Mint". */
  modelId: string;
  modelName: string;
  quantity: number;
  /** Unit price paid, after the seller's discount; null when Shopee gives none (bundle deals). */
  price: number | null;
  originalPrice: number | null;
  imageUrl: string;
}

export interface ShopeeOrder {
  orderSn: string;
  /** UNPAID, READY_TO_SHIP, PROCESSED, RETRY_SHIP, SHIPPED, TO_CONFIRM_RECEIVE, IN_CANCEL, CANCELLED, TO_RETURN, COMPLETED... */
  status: string;
  currency: string;
  /** Only once the buyer has paid. */
  totalAmount: number | null;
  cod: boolean;
  createTime: number;
  updateTime: number;
  payTime: number | null;
  /** The seller's deadline to ship; null when Shopee sends none. */
  shipByDate: number | null;
  /** Estimated delivery window (edt_from/edt_to, given in some regions only). */
  estimatedDelivery: { from: number; to: number } | null;
  buyerUserId: string;
  buyerUsername: string;
  shippingCarrier: string;
  cancelReason: string;
  packageNumbers: string[];
  items: ShopeeOrderItem[];
}

export interface ShopeeTrackingEvent {
  time: number;
  description: string;
  /** e.g. PICKED_UP, DELIVERED, FAILED_DELIVERED. */
  status: string;
}

export interface ShopeeTracking {
  orderSn: string;
  packageNumber: string;
  /** e.g. LOGISTICS_PICKUP_DONE, LOGISTICS_DELIVERY_DONE. */
  logisticsStatus: string;
  /** Newest first, whatever order Shopee sends them in. */
  events: ShopeeTrackingEvent[];
}

/** What get_order_detail is asked to add to its default fields. */
export const SHOPEE_ORDER_FIELDS = [
  'buyer_user_id',
  'buyer_username',
  'item_list',
  'total_amount',
  'pay_time',
  'shipping_carrier',
  'package_list',
  'cancel_reason',
  'edt',
].join(',');

const secondsOrNull = (v: unknown) => (num(v) > 0 ? num(v) : null);

export const toShopeeOrder = (o: Json): ShopeeOrder => ({
  orderSn: str(o.order_sn),
  status: str(o.order_status),
  currency: str(o.currency),
  totalAmount: numOrNull(o.total_amount),
  cod: bool(o.cod),
  createTime: num(o.create_time),
  updateTime: num(o.update_time),
  payTime: secondsOrNull(o.pay_time),
  shipByDate: secondsOrNull(o.ship_by_date),
  estimatedDelivery:
    num(o.edt_from) > 0 && num(o.edt_to) > 0 ? { from: num(o.edt_from), to: num(o.edt_to) } : null,
  buyerUserId: str(o.buyer_user_id),
  buyerUsername: str(o.buyer_username),
  shippingCarrier: str(o.shipping_carrier),
  cancelReason: str(o.cancel_reason) || str(o.buyer_cancel_reason),
  packageNumbers: list(o.package_list)
    .map((p) => str(p.package_number))
    .filter(Boolean),
  items: list(o.item_list).map((i) => ({
    itemId: str(i.item_id),
    name: str(i.item_name),
    modelId: str(i.model_id) === '0' ? '' : str(i.model_id),
    modelName: str(i.model_name),
    quantity: num(i.model_quantity_purchased, 1),
    price: num(i.model_discounted_price) > 0 ? num(i.model_discounted_price) : null,
    originalPrice: numOrNull(i.model_original_price),
    imageUrl: str(obj(i.image_info).image_url),
  })),
});

export const toShopeeTracking = (r: Json): ShopeeTracking => ({
  orderSn: str(r.order_sn),
  packageNumber: str(r.package_number),
  logisticsStatus: str(r.logistics_status),
  events: list(r.tracking_info)
    .map((e) => ({
      time: num(e.update_time),
      description: str(e.description),
      status: str(e.logistics_status),
    }))
    .sort((a, b) => b.time - a.time),
});

type QueryValue = string | number | undefined;
type ShopGet<Auth> = (auth: Auth, path: string, query: Record<string, QueryValue>) => Promise<Json>;

/** The order and logistics calls, on the client's signed shop-level GET. */
export function shopeeOrderCalls<Auth>(shopGet: ShopGet<Auth>) {
  return {
    /** At most 50 order_sn per call; numbers that are not this shop's orders are left out. */
    async getOrderDetail(auth: Auth, orderSns: readonly string[]): Promise<ShopeeOrder[]> {
      const r = await shopGet(auth, '/api/v2/order/get_order_detail', {
        order_sn_list: orderSns.join(','),
        response_optional_fields: SHOPEE_ORDER_FIELDS,
      });
      return list(r.order_list).map(toShopeeOrder);
    },

    /**
     * Orders created (or updated) in a window of at most 15 days, newest first; pass `cursor` back
     * while `more`. Shopee offers no filter by buyer: read the buyer from getOrderDetail.
     */
    async getOrderList(
      auth: Auth,
      input: {
        timeRangeField: 'create_time' | 'update_time';
        timeFrom: number;
        timeTo: number;
        pageSize: number;
        cursor?: string | undefined;
        orderStatus?: string | undefined;
      },
    ): Promise<{ orders: { orderSn: string; status: string }[]; more: boolean; nextCursor: string }> {
      const r = await shopGet(auth, '/api/v2/order/get_order_list', {
        time_range_field: input.timeRangeField,
        time_from: input.timeFrom,
        time_to: input.timeTo,
        page_size: input.pageSize,
        cursor: input.cursor,
        order_status: input.orderStatus,
        response_optional_fields: 'order_status',
      });
      return {
        orders: list(r.order_list).map((o) => ({ orderSn: str(o.order_sn), status: str(o.order_status) })),
        more: bool(r.more),
        nextCursor: str(r.next_cursor),
      };
    },

    /** '' until the carrier has assigned one. */
    async getTrackingNumber(auth: Auth, orderSn: string, packageNumber?: string): Promise<string> {
      const r = await shopGet(auth, '/api/v2/logistics/get_tracking_number', {
        order_sn: orderSn,
        package_number: packageNumber,
      });
      return str(r.tracking_number);
    },

    getTrackingInfo: async (auth: Auth, orderSn: string, packageNumber?: string): Promise<ShopeeTracking> =>
      toShopeeTracking(
        await shopGet(auth, '/api/v2/logistics/get_tracking_info', {
          order_sn: orderSn,
          package_number: packageNumber,
        }),
      ),
  };
}
