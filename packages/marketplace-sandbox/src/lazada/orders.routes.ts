import type { FastifyInstance } from 'fastify';
import { absoluteUrl, findBuyer, findOrder, findProduct, modelName } from '../data/lookup.ts';
import type { Order, OrderStatus, Shop } from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';
import {
  dateParam,
  intParam,
  invalid,
  type LazadaCall,
  lazadaRoute,
  type Params,
  required,
} from './lazada-call.ts';

/** Lazada's status of each sandbox status (an order's `statuses`, each item's `status`). */
export const lazadaOrderStatus: Record<OrderStatus, string> = {
  UNPAID: 'unpaid',
  READY_TO_SHIP: 'ready_to_ship',
  SHIPPED: 'shipped',
  DELIVERED: 'delivered',
  COMPLETED: 'confirmed',
  CANCELLED: 'canceled',
  RETURN_REFUND: 'return_waiting_for_approval',
};

const STATUS_FILTERS = [
  ...Object.values(lazadaOrderStatus),
  'pending',
  'topack',
  'toship',
  'shipping',
  'returned',
  'failed',
  'lost',
];

const MYT_OFFSET_MS = 8 * 3_600_000;
/** Lazada writes times as "2027-01-14 10:00:00 +0800" (seller's time zone). */
export function lazadaTime(ms: number): string {
  return `${new Date(ms + MYT_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ')} +0800`;
}

const noOrder = () => invalid('The order does not exist');

function orderOf(state: SandboxState, shop: Shop, id: string): Order {
  const order = findOrder(state.data.lazada, shop.id, id);
  if (!order) throw noOrder();
  return order;
}

function orderInfo(state: SandboxState, o: Order) {
  const [first = '', ...rest] = (findBuyer(state.data.lazada, o.buyerId)?.name ?? '').split(' ');
  return {
    order_id: Number(o.sn),
    order_number: Number(o.sn),
    created_at: lazadaTime(o.createdAt),
    updated_at: lazadaTime(o.updatedAt),
    price: o.total.toFixed(2),
    shipping_fee: o.shippingFee,
    shipping_fee_original: o.shippingFee,
    shipping_fee_discount_seller: 0,
    shipping_fee_discount_platform: 0,
    payment_method: o.paymentMethod === 'Cash on Delivery' ? 'COD' : 'MIXEDCARD',
    statuses: [lazadaOrderStatus[o.status]],
    items_count: o.lines.reduce((n, l) => n + l.quantity, 0),
    customer_first_name: first,
    customer_last_name: rest.join(' '),
    address_shipping: {
      first_name: first,
      last_name: rest.join(' '),
      phone: '60*******21',
      address1: 'No. 12, Jalan Bukit Indah 3',
      city: 'Johor Bahru',
      post_code: '81200',
      country: 'Malaysia',
    },
    promised_shipping_times: lazadaTime(o.shipBy),
    remarks: '',
    voucher: 0,
    voucher_code: '',
    gift_option: false,
    gift_message: '',
    delivery_info: '',
    warehouse_code: 'dropshipping',
    national_registration_number: '',
    extra_attributes: '',
  };
}

/** Lazada has one order item per unit bought: two of a product are two items. */
function orderItems(state: SandboxState, shop: Shop, o: Order) {
  return o.lines.flatMap((line, i) => {
    const product = findProduct(shop, line.itemId);
    const model = product?.models.find((m) => m.id === line.modelId);
    const variation = modelName(product, line.modelId)
      .split(',')
      .map((option, t) => (option ? `${product?.variations[t]?.name}:${option}` : ''))
      .filter(Boolean)
      .join(', ');
    return Array.from({ length: line.quantity }, (_, unit) => ({
      order_id: Number(o.sn),
      // 17 digits: beyond 2^53, written as a bare number literal.
      order_item_id: BigInt(`${o.sn}${i}${unit}`),
      shop_id: shop.name,
      product_id: Number(line.itemId),
      sku_id: Number(line.modelId ?? line.itemId),
      name: product?.name ?? '',
      sku: model?.sku ?? product?.sku ?? '',
      shop_sku: `${line.itemId}_MY-${line.modelId ?? line.itemId}`,
      variation,
      item_price: line.price,
      paid_price: line.price,
      currency: 'MYR',
      status: lazadaOrderStatus[o.status],
      reason: o.reason,
      reason_detail: '',
      buyer_id: Number(o.buyerId),
      product_main_image: product ? absoluteUrl(state.config.publicUrl, product.images[0] ?? '') : '',
      product_detail_url: `https://www.lazada.com.my/products/i${line.itemId}.html`,
      shipment_provider: o.trackingNumber ? o.carrier : '',
      tracking_code: o.trackingNumber ?? '',
      tracking_code_pre: '',
      package_id: o.trackingNumber ? `FP${o.createdAt}` : '',
      shipping_type: 'Dropshipping',
      promised_shipping_time: lazadaTime(o.shipBy),
      created_at: lazadaTime(o.createdAt),
      updated_at: lazadaTime(o.updatedAt),
    }));
  });
}

/** The carrier's codes for the journey steps, in order. */
const traceSteps = [
  ['domestic_pickup_success', 'Parcel picked up'],
  ['domestic_sortingcenter_outbound', 'Departed sorting centre'],
  ['domestic_hub_inbound', 'Arrived at delivery hub'],
  ['domestic_out_for_delivery', 'Out for delivery'],
  ['domestic_delivered', 'Delivered'],
] as const;

function orderIdList(params: Params): string[] {
  let ids: unknown;
  try {
    ids = JSON.parse(required(params, 'order_ids'));
  } catch {
    throw invalid('order_ids must be a JSON array of order ids');
  }
  if (!Array.isArray(ids) || ids.length === 0) throw invalid('order_ids must be a JSON array of order ids');
  if (ids.length > 50) throw invalid('order_ids holds at most 50 ids');
  return ids.map(String);
}

/** GetOrder, GetOrders, GetOrderItems, GetMultipleOrderItems and GetOrderTrace. */
export function lazadaOrderRoutes(app: FastifyInstance, state: SandboxState) {
  const route = (path: `/rest/${string}`, handler: (call: LazadaCall, shop: Shop) => unknown) =>
    lazadaRoute(app, state, {
      path,
      needsToken: true,
      handler: (call) => ({ data: handler(call, call.shop!) }),
    });

  route('/rest/order/get', ({ params }, shop) =>
    orderInfo(state, orderOf(state, shop, required(params, 'order_id'))),
  );

  route('/rest/order/items/get', ({ params }, shop) =>
    orderItems(state, shop, orderOf(state, shop, required(params, 'order_id'))),
  );

  route('/rest/orders/items/get', ({ params }, shop) =>
    orderIdList(params)
      .map((id) => findOrder(state.data.lazada, shop.id, id))
      .filter((o): o is Order => o !== undefined)
      .map((o) => ({
        order_id: Number(o.sn),
        order_number: Number(o.sn),
        order_items: orderItems(state, shop, o),
      })),
  );

  route('/rest/orders/get', ({ params }, shop) => {
    const createdAfter = dateParam(params, 'created_after');
    const updateAfter = dateParam(params, 'update_after');
    if (createdAfter === undefined && updateAfter === undefined)
      throw invalid('Either created_after or update_after is required');
    const createdBefore = dateParam(params, 'created_before');
    const updateBefore = dateParam(params, 'update_before');
    const status = params.status;
    if (status && !STATUS_FILTERS.includes(status)) throw invalid(`status ${status} is not supported`);
    const sortBy = params.sort_by || 'created_at';
    if (sortBy !== 'created_at' && sortBy !== 'updated_at')
      throw invalid('sort_by must be created_at or updated_at');
    const direction = params.sort_direction || 'DESC';
    if (direction !== 'ASC' && direction !== 'DESC') throw invalid('sort_direction must be ASC or DESC');
    const offset = intParam(params, 'offset', 0, 0, 1_000_000);
    const limit = intParam(params, 'limit', 100, 1, 100);
    const key = (o: Order) => (sortBy === 'created_at' ? o.createdAt : o.updatedAt);
    const all = state.data.lazada.orders
      .filter(
        (o) =>
          o.shopId === shop.id &&
          (createdAfter === undefined || o.createdAt > createdAfter) &&
          (createdBefore === undefined || o.createdAt < createdBefore) &&
          (updateAfter === undefined || o.updatedAt > updateAfter) &&
          (updateBefore === undefined || o.updatedAt < updateBefore) &&
          (!status || lazadaOrderStatus[o.status] === status),
      )
      .sort((a, b) => (direction === 'DESC' ? key(b) - key(a) : key(a) - key(b)));
    const page = all.slice(offset, offset + limit);
    return { count: page.length, countTotal: all.length, orders: page.map((o) => orderInfo(state, o)) };
  });

  // The trace answers under `result`, not `data`, and says itself whether it succeeded.
  lazadaRoute(app, state, {
    path: '/rest/logistic/order/trace',
    needsToken: true,
    handler: ({ params, shop }) => {
      const order = orderOf(state, shop!, required(params, 'order_id'));
      if (!order.trackingNumber)
        return {
          top: {
            result: {
              success: false,
              not_success: true,
              retry: false,
              repeated: false,
              error_code: { displayMessage: 'The order has not been handed to the logistics provider yet' },
              module: [],
            },
          },
        };
      return {
        top: {
          result: {
            success: true,
            not_success: false,
            retry: false,
            repeated: false,
            module: [
              {
                ofc_order_id: BigInt(`${order.sn}0001`),
                package_detail_info_list: [
                  {
                    ofc_package_id: `FP${order.createdAt}`,
                    tracking_number: order.trackingNumber,
                    logistic_detail_info_list: order.events.map((e, i) => ({
                      event_time: e.at,
                      status_code: traceSteps[i]?.[0] ?? 'domestic_update',
                      title: traceSteps[i]?.[1] ?? 'Update',
                      description: e.description,
                      detail_type: 'logistic',
                      package_location_name: '',
                    })),
                  },
                ],
              },
            ],
          },
        },
      };
    },
  });
}
