import {
  limits,
  type OrderItem,
  type OrderSummary,
  type OrderView,
  type ProductCard,
} from '@balas/contracts';
import {
  isNotFound,
  type LazadaOrder,
  type LazadaOrderItem,
  type ShopeeOrder,
  type ShopeeTracking,
} from '@balas/marketplaces';
import type { MarketplaceClients } from '../../platforms/registry.ts';
import { hasParcel, lazadaOrderStatus, shopeeOrderStatus } from './order-status.ts';

/**
 * Everything platform-specific of order lookups, one entry per platform. (This map is meant to move
 * into the per-platform adapter folders.)
 */

export interface PlatformAccess {
  clients: MarketplaceClients;
  accessToken: string;
  /** The platform's shop id (Shopee shop_id, Lazada seller id). */
  externalId: string;
  /** Country code, for the seller centre's host; MY when unknown. */
  region: string | null;
}

/** An order read from the platform; `complete` is false when its parcel could not be read. */
export interface FoundOrder {
  order: OrderView;
  complete: boolean;
}

export type RecentOrder = OrderSummary & { buyerId: string };

export interface OrderPlatform {
  /** The order, or null when the platform does not know it in this shop. */
  order(access: PlatformAccess, orderSn: string, now: number): Promise<FoundOrder | null>;
  /** The shop's orders of the last days with their buyers, newest first. */
  recentOrders(access: PlatformAccess, now: number): Promise<RecentOrder[]>;
  /** A product of the shop read from the platform, or null. */
  product(access: PlatformAccess, productId: string): Promise<ProductCard | null>;
}

const DAY_S = 86_400;
const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);
const money = (n: number | null) => (n === null ? null : n.toFixed(2));
const isoSeconds = (s: number | null) => (s ? new Date(s * 1000).toISOString() : null);
const chunks = <T>(xs: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));
/** The call's answer, or null when the platform does not know the order. */
async function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

const shopeeHosts: Record<string, string> = {
  SG: 'seller.shopee.sg',
  PH: 'seller.shopee.ph',
  TH: 'seller.shopee.co.th',
  ID: 'seller.shopee.co.id',
  VN: 'banhang.shopee.vn',
};
const lazadaHosts: Record<string, string> = {
  SG: 'sellercenter.lazada.sg',
  PH: 'sellercenter.lazada.com.ph',
  TH: 'sellercenter.lazada.co.th',
  ID: 'sellercenter.lazada.co.id',
  VN: 'sellercenter.lazada.vn',
};
const region = (r: string | null) => (r ?? 'MY').toUpperCase();
const shopeeOrderUrl = (r: string | null, sn: string) =>
  `https://${shopeeHosts[region(r)] ?? 'seller.shopee.com.my'}/portal/sale/order?search=${encodeURIComponent(sn)}`;
const lazadaOrderUrl = (r: string | null, id: string) =>
  `https://${lazadaHosts[region(r)] ?? 'sellercenter.lazada.com.my'}/apps/order/detail?tradeOrderId=${encodeURIComponent(id)}`;

// ---- Shopee ----------------------------------------------------------------------------------

const shopeeItems = (o: ShopeeOrder): OrderItem[] =>
  o.items.map((i) => ({
    itemId: i.itemId,
    name: i.name,
    variation: i.modelName ? i.modelName.split(',').join(', ') : null,
    quantity: i.quantity,
    price: i.price,
    image: i.imageUrl || null,
  }));

function shopeeSummary(o: ShopeeOrder, access: PlatformAccess): OrderSummary {
  return {
    platform: 'shopee',
    orderSn: o.orderSn,
    status: shopeeOrderStatus(o.status),
    platformStatus: o.status,
    currency: o.currency,
    total: o.totalAmount,
    createdAt: isoSeconds(o.createTime),
    items: shopeeItems(o),
    sellerCentreUrl: shopeeOrderUrl(access.region, o.orderSn),
  };
}

const shopee: OrderPlatform = {
  async order(access, orderSn, now) {
    const auth = { accessToken: access.accessToken, shopId: access.externalId };
    const [detail] = (await unlessNotFound(access.clients.shopee.getOrderDetail(auth, [orderSn]))) ?? [];
    if (!detail || detail.orderSn !== orderSn) return null;
    const summary = shopeeSummary(detail, access);
    let number: string | null = null;
    let tracking: ShopeeTracking | null = null;
    let complete = true;
    if (hasParcel(summary.status)) {
      const [n, t] = await Promise.allSettled([
        access.clients.shopee.getTrackingNumber(auth, orderSn),
        access.clients.shopee.getTrackingInfo(auth, orderSn),
      ]);
      number = n.status === 'fulfilled' ? n.value || null : null;
      tracking = t.status === 'fulfilled' ? t.value : null;
      complete = n.status === 'fulfilled' && t.status === 'fulfilled';
    }
    const status = shopeeOrderStatus(detail.status, tracking?.logisticsStatus);
    return {
      complete,
      order: {
        ...summary,
        status,
        buyer: { id: detail.buyerUserId, name: detail.buyerUsername },
        shipBy: isoSeconds(detail.shipByDate),
        expectedDelivery: detail.estimatedDelivery
          ? {
              from: isoSeconds(detail.estimatedDelivery.from)!,
              to: isoSeconds(detail.estimatedDelivery.to)!,
            }
          : null,
        tracking: {
          number,
          carrier: detail.shippingCarrier || null,
          events: (tracking?.events ?? []).map((e) => ({
            at: isoSeconds(e.time)!,
            description: e.description,
            status: e.status,
          })),
        },
        reason: detail.cancelReason || null,
        checkedAt: new Date(now).toISOString(),
      },
    };
  },

  /**
   * No call filters by buyer: the shop's orders of the last days (15-day windows of
   * get_order_list), read 50 at a time for their buyers.
   */
  async recentOrders(access, now) {
    const auth = { accessToken: access.accessToken, shopId: access.externalId };
    const sns: string[] = [];
    const nowS = Math.floor(now / 1000);
    const windows = Math.ceil(limits.recentOrdersDays / 15);
    for (let w = 0; w < windows && sns.length < limits.recentOrdersScanMax; w++) {
      const timeTo = nowS - w * 15 * DAY_S - (w > 0 ? 1 : 0);
      const timeFrom = nowS - (w + 1) * 15 * DAY_S;
      let cursor = '';
      for (;;) {
        const page = await access.clients.shopee.getOrderList(auth, {
          timeRangeField: 'create_time',
          timeFrom,
          timeTo,
          pageSize: 100,
          cursor,
        });
        sns.push(...page.orders.map((o) => o.orderSn));
        cursor = page.nextCursor;
        if (!page.more || !cursor || sns.length >= limits.recentOrdersScanMax) break;
      }
    }
    const details = (
      await Promise.all(
        chunks(sns.slice(0, limits.recentOrdersScanMax), 50).map((batch) =>
          access.clients.shopee.getOrderDetail(auth, batch),
        ),
      )
    ).flat();
    return details
      .sort((a, b) => b.createTime - a.createTime)
      .map((o) => ({ ...shopeeSummary(o, access), buyerId: o.buyerUserId }));
  },

  async product(access, productId) {
    const auth = { accessToken: access.accessToken, shopId: access.externalId };
    const [item] = await access.clients.shopee.getItemBaseInfo(auth, [productId]);
    if (!item) return null;
    // With variations, prices and stock are per model (get_model_list), not on the item.
    const { tierVariations, models } = item.hasModel
      ? await access.clients.shopee.getModelList(auth, item.itemId)
      : { tierVariations: [], models: [] };
    const variations = models.map((m) => ({
      id: m.modelId,
      name:
        m.tierIndex
          .map((option, tier) => tierVariations[tier]?.options[option])
          .filter(Boolean)
          .join(' / ') || m.sku,
      price: money(m.price),
      stock: m.stock,
    }));
    const prices = models.map((m) => m.price).filter((p): p is number => p !== null);
    const stocks = models.map((m) => m.stock).filter((s): s is number => s !== null);
    return {
      productId: item.itemId,
      name: item.name,
      image: item.images[0] ?? null,
      images: item.images,
      price: money(item.price ?? (prices.length ? Math.min(...prices) : null)),
      currency: item.currency ?? models.find((m) => m.currency)?.currency ?? null,
      stock: item.stock ?? (stocks.length ? stocks.reduce((a, b) => a + b, 0) : null),
      variations,
    };
  },
};

// ---- Lazada ----------------------------------------------------------------------------------

/** Lazada lists one item per unit: units of the same product and SKU make one line. */
function lazadaLines(items: readonly LazadaOrderItem[]): OrderItem[] {
  const lines = new Map<string, OrderItem>();
  for (const i of items) {
    const key = `${i.itemId}|${i.sku}`;
    const line = lines.get(key);
    if (line) line.quantity++;
    else
      lines.set(key, {
        itemId: i.itemId,
        name: i.name,
        variation: i.variation || null,
        quantity: 1,
        price: i.price,
        image: i.imageUrl || null,
      });
  }
  return [...lines.values()];
}

function lazadaSummary(o: LazadaOrder, items: readonly LazadaOrderItem[], access: PlatformAccess) {
  const statuses = o.statuses.length ? o.statuses : [...new Set(items.map((i) => i.status))];
  return {
    platform: 'lazada',
    orderSn: o.orderId,
    status: lazadaOrderStatus(statuses),
    platformStatus: statuses.join(', '),
    currency: items[0]?.currency || 'MYR',
    total: o.price,
    createdAt: iso(o.createdAt),
    items: lazadaLines(items),
    sellerCentreUrl: lazadaOrderUrl(access.region, o.orderId),
  } satisfies OrderSummary;
}

const lazada: OrderPlatform = {
  async order(access, orderSn, now) {
    const { lazada: client } = access.clients;
    const found = await unlessNotFound(
      Promise.all([
        client.getOrder(access.accessToken, orderSn),
        client.getOrderItems(access.accessToken, orderSn),
      ]),
    );
    if (!found?.[0].orderId) return null;
    const [order, items] = found;
    const summary = lazadaSummary(order, items, access);
    const shipped = items.find((i) => i.trackingNumber);
    let events: OrderView['tracking']['events'] = [];
    let complete = true;
    if (hasParcel(summary.status) && shipped) {
      try {
        const trace = await client.getOrderTrace(access.accessToken, orderSn);
        events = trace.packages
          .flatMap((p) => p.events)
          .sort((a, b) => b.time - a.time)
          .map((e) => ({ at: iso(e.time)!, description: e.description || e.title, status: e.status }));
      } catch {
        complete = false;
      }
    }
    return {
      complete,
      order: {
        ...summary,
        buyer: { id: items[0]?.buyerId ?? '', name: order.customerName },
        shipBy: iso(order.promisedShippingTime ?? items[0]?.promisedShippingTime ?? null),
        expectedDelivery: null,
        tracking: { number: shipped?.trackingNumber ?? null, carrier: shipped?.carrier || null, events },
        reason: items.find((i) => i.reason)?.reason ?? null,
        checkedAt: new Date(now).toISOString(),
      },
    };
  },

  /** /orders/get of the last days newest first, then the items (and buyers) of 50 orders a call. */
  async recentOrders(access, now) {
    const { lazada: client } = access.clients;
    const createdAfter = new Date(now - limits.recentOrdersDays * DAY_S * 1000).toISOString();
    const orders: LazadaOrder[] = [];
    for (let offset = 0; offset < limits.recentOrdersScanMax; offset += 100) {
      const page = await client.getOrders(access.accessToken, { createdAfter, offset, limit: 100 });
      orders.push(...page.orders);
      if (page.orders.length < 100) break;
    }
    const itemsOf = new Map<string, LazadaOrderItem[]>();
    for (const batch of chunks(
      orders.map((o) => o.orderId),
      50,
    )) {
      for (const o of await client.getMultipleOrderItems(access.accessToken, batch))
        itemsOf.set(o.orderId, o.items);
    }
    return orders.map((o) => {
      const items = itemsOf.get(o.orderId) ?? [];
      return { ...lazadaSummary(o, items, access), buyerId: items[0]?.buyerId ?? '' };
    });
  },

  async product(access, productId) {
    const p = await unlessNotFound(access.clients.lazada.getProductItem(access.accessToken, productId));
    if (!p) return null;
    return {
      productId: p.itemId || productId,
      name: p.name,
      image: p.images[0] ?? null,
      images: p.images,
      price: money(p.price),
      currency: p.currency,
      stock: p.stock,
      // One SKU without sale properties is a product without variations.
      variations:
        p.skus.length > 1 || Object.keys(p.skus[0]?.saleProps ?? {}).length
          ? p.skus.map((s) => ({
              id: s.skuId || s.sellerSku,
              name: Object.values(s.saleProps).join(' / ') || s.sellerSku,
              price: money(s.specialPrice ?? s.price),
              stock: s.quantity,
            }))
          : [],
    };
  },
};

export const orderPlatforms: Record<'shopee' | 'lazada', OrderPlatform> = { shopee, lazada };
