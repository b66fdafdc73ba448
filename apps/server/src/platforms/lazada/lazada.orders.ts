import { limits, type OrderItem, type OrderSummary, type OrderView } from '@balas/contracts';
import type { LazadaClient, LazadaOrder, LazadaOrderItem } from '@balas/marketplaces';
import { hasParcel, lazadaOrderStatus } from '../order-status.ts';
import {
  chunks,
  DAY_S,
  iso,
  lazadaOrderUrl,
  money,
  type OrderPlatform,
  type PlatformAccess,
  unlessNotFound,
} from '../orders.ts';

/** Lazada's order calls: order, its items (one per unit) and their tracking, recent orders, products. */

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

export const createLazadaOrders = (client: LazadaClient): OrderPlatform => ({
  async order(access, orderSn, now) {
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
    const p = await unlessNotFound(client.getProductItem(access.accessToken, productId));
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
});
