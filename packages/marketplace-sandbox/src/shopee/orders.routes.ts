import type { FastifyInstance } from 'fastify';
import { absoluteUrl, findBuyer, findOrder, findProduct, modelName } from '../data/lookup.ts';
import type { Order, OrderStatus, Shop } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import {
  first,
  intParam,
  list,
  paramError,
  type ShopeeCall,
  ShopeeError,
  shopeeRoute,
} from './shopee-call.ts';

const sec = (ms: number) => Math.floor(ms / 1000);

/** Shopee's order_status of each sandbox status. */
export const shopeeOrderStatus: Record<OrderStatus, string> = {
  UNPAID: 'UNPAID',
  READY_TO_SHIP: 'READY_TO_SHIP',
  SHIPPED: 'SHIPPED',
  DELIVERED: 'TO_CONFIRM_RECEIVE',
  COMPLETED: 'COMPLETED',
  CANCELLED: 'CANCELLED',
  RETURN_REFUND: 'TO_RETURN',
};

const ORDER_STATUSES = [
  ...Object.values(shopeeOrderStatus),
  'PROCESSED',
  'RETRY_SHIP',
  'IN_CANCEL',
  'INVOICE_PENDING',
];

/** The package's logistics_status (Data Definition: LogisticsStatus). */
const logisticsStatus: Record<OrderStatus, string> = {
  UNPAID: 'LOGISTICS_NOT_START',
  READY_TO_SHIP: 'LOGISTICS_READY',
  SHIPPED: 'LOGISTICS_PICKUP_DONE',
  DELIVERED: 'LOGISTICS_DELIVERY_DONE',
  COMPLETED: 'LOGISTICS_DELIVERY_DONE',
  CANCELLED: 'LOGISTICS_INVALID',
  RETURN_REFUND: 'LOGISTICS_DELIVERY_DONE',
};

const MAX_RANGE_SECONDS = 15 * 86_400;
const orderMissing = () => new ShopeeError('logistics.invalid_error', 'The order is not exist.');
const packageNumber = (o: Order) => `OFG${o.createdAt}`;

function orderDetail(state: SandboxState, shop: Shop, o: Order, optional: Set<string>) {
  const want = (field: string) => optional.has(field);
  const buyer = findBuyer(state.data.shopee, o.buyerId);
  const items = o.lines.map((line) => {
    const product = findProduct(shop, line.itemId);
    const model = product?.models.find((m) => m.id === line.modelId);
    return {
      item_id: Number(line.itemId),
      item_name: product?.name ?? '',
      item_sku: product?.sku ?? '',
      model_id: line.modelId ? Number(line.modelId) : 0,
      model_name: modelName(product, line.modelId),
      model_sku: model?.sku ?? '',
      model_quantity_purchased: line.quantity,
      model_original_price: product ? Math.max(line.price, product.originalPrice) : line.price,
      model_discounted_price: line.price,
      wholesale: false,
      weight: product?.weightKg ?? 0,
      add_on_deal: false,
      main_item: false,
      add_on_deal_id: 0,
      promotion_type: '',
      promotion_id: 0,
      order_item_id: Number(line.itemId),
      promotion_group_id: 0,
      image_info: { image_url: product ? absoluteUrl(state.config.publicUrl, product.images[0] ?? '') : '' },
    };
  });
  const cancelled = o.status === 'CANCELLED';
  return {
    order_sn: o.sn,
    region: shop.region,
    currency: 'MYR',
    cod: o.paymentMethod === 'Cash on Delivery',
    order_status: shopeeOrderStatus[o.status],
    message_to_seller: '',
    create_time: sec(o.createdAt),
    update_time: sec(o.updatedAt),
    days_to_ship: 2,
    ship_by_date: sec(o.shipBy),
    ...(want('buyer_user_id') ? { buyer_user_id: Number(o.buyerId) } : {}),
    ...(want('buyer_username') ? { buyer_username: buyer?.name ?? '' } : {}),
    ...(want('estimated_shipping_fee') ? { estimated_shipping_fee: o.shippingFee } : {}),
    // Documented as returned only once the buyer has paid.
    ...(want('total_amount') && o.paidAt !== null ? { total_amount: o.total } : {}),
    ...(want('shipping_carrier') ? { shipping_carrier: o.carrier } : {}),
    ...(want('payment_method') ? { payment_method: o.paymentMethod } : {}),
    ...(want('pay_time') && o.paidAt !== null ? { pay_time: sec(o.paidAt) } : {}),
    ...(want('item_list') ? { item_list: items } : {}),
    ...(want('cancel_by') ? { cancel_by: cancelled ? 'buyer' : '' } : {}),
    ...(want('cancel_reason') ? { cancel_reason: cancelled ? o.reason : '' } : {}),
    ...(want('buyer_cancel_reason') ? { buyer_cancel_reason: cancelled ? o.reason : '' } : {}),
    ...(want('package_list')
      ? {
          package_list: [
            {
              package_number: packageNumber(o),
              logistics_status: logisticsStatus[o.status],
              shipping_carrier: o.carrier,
              logistics_channel_id: 20_007,
              allow_self_design_awb: false,
              item_list: o.lines.map((l) => ({
                item_id: Number(l.itemId),
                model_id: l.modelId ? Number(l.modelId) : 0,
                model_quantity: l.quantity,
                order_item_id: Number(l.itemId),
                promotion_group_id: 0,
              })),
            },
          ],
        }
      : {}),
  };
}

/** get_order_list, get_order_detail and the tracking calls of the logistics module. */
export function shopeeOrderRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (path: `/api/v2/${string}`, handler: (call: ShopeeCall, shop: Shop) => unknown) =>
    shopeeRoute(app, state, {
      method: 'GET',
      path,
      level: 'shop',
      handler: (call) => ({ response: handler(call, call.shop!) }),
    });

  route('/api/v2/order/get_order_list', ({ query }, shop) => {
    const field = first(query, 'time_range_field');
    if (field !== 'create_time' && field !== 'update_time')
      throw paramError('time_range_field should be create_time or update_time');
    const from = intParam(first(query, 'time_from'), 'time_from', -1, 0, 4_102_444_800);
    const to = intParam(first(query, 'time_to'), 'time_to', -1, 0, 4_102_444_800);
    if (from < 0 || to < 0) throw paramError('time_from and time_to are required');
    if (from > to || to - from > MAX_RANGE_SECONDS)
      throw new ShopeeError(
        'order.order_list_invalid_time',
        'Start time must be earlier than end time and diff in 15days.',
      );
    if (first(query, 'page_size') === undefined) throw paramError('page_size is required');
    const size = intParam(first(query, 'page_size'), 'page_size', 20, 1, 100);
    const status = first(query, 'order_status');
    if (status && !ORDER_STATUSES.includes(status)) throw paramError('order_status is invalid');
    const offset = intParam(first(query, 'cursor') || '0', 'cursor', 0, 0, 1_000_000);
    const at = (o: Order) => sec(field === 'create_time' ? o.createdAt : o.updatedAt);
    const all = state.data.shopee.orders
      .filter(
        (o) =>
          o.shopId === shop.id &&
          at(o) >= from &&
          at(o) <= to &&
          (!status || shopeeOrderStatus[o.status] === status),
      )
      .sort((a, b) => at(b) - at(a));
    const page = all.slice(offset, offset + size);
    const withStatus = list(query, 'response_optional_fields').includes('order_status');
    const more = offset + page.length < all.length;
    return {
      more,
      next_cursor: more ? String(offset + page.length) : '',
      order_list: page.map((o) => ({
        order_sn: o.sn,
        ...(withStatus ? { order_status: shopeeOrderStatus[o.status] } : {}),
      })),
    };
  });

  route('/api/v2/order/get_order_detail', ({ query }, shop) => {
    const sns = list(query, 'order_sn_list');
    if (sns.length === 0) throw paramError('order_sn_list is required');
    if (sns.length > 50) throw paramError('order_sn_list should hold at most 50 order_sn');
    const optional = new Set(list(query, 'response_optional_fields'));
    const found = [...new Set(sns)]
      .map((sn) => findOrder(state.data.shopee, shop.id, sn))
      .filter((o): o is Order => o !== undefined);
    // Shopee's own error sample: none of the numbers is an order of this shop.
    if (found.length === 0)
      throw new ShopeeError('error_not_found', 'Wrong parameters, detail: the order is not found.');
    return { order_list: found.map((o) => orderDetail(state, shop, o, optional)) };
  });

  route('/api/v2/logistics/get_tracking_number', ({ query }, shop) => {
    const sn = first(query, 'order_sn');
    if (!sn) throw paramError('order_sn is required');
    const order = findOrder(state.data.shopee, shop.id, sn);
    if (!order) throw orderMissing();
    // Empty until the carrier has assigned one (the doc allows polling every 5 minutes).
    return { tracking_number: order.trackingNumber ?? '' };
  });

  route('/api/v2/logistics/get_tracking_info', ({ query }, shop) => {
    const sn = first(query, 'order_sn');
    if (!sn) throw paramError('order_sn is required');
    const order = findOrder(state.data.shopee, shop.id, sn);
    if (!order) throw orderMissing();
    if (order.status === 'UNPAID' || order.status === 'CANCELLED')
      throw new ShopeeError(
        'logistics.error_status_limit',
        'The order status is invalid. Please check the order status.',
      );
    return {
      order_sn: order.sn,
      package_number: packageNumber(order),
      logistics_status: logisticsStatus[order.status],
      tracking_info: [...order.events].reverse().map((e) => ({
        update_time: sec(e.at),
        description: e.description,
        logistics_status: e.status,
      })),
    };
  });
}
