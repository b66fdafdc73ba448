import { limits, type OrderItem, type OrderSummary } from '@balas/contracts';
import type { ShopeeClient, ShopeeOrder, ShopeeTracking } from '@balas/marketplaces';
import { hasParcel, shopeeOrderStatus } from '../order-status.ts';
import {
  chunks,
  DAY_S,
  isoSeconds,
  money,
  type OrderPlatform,
  type PlatformAccess,
  shopeeOrderUrl,
  unlessNotFound,
} from '../orders.ts';

/** Shopee's order calls: order detail, tracking number and the carrier's steps, recent orders, items. */

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

export const createShopeeOrders = (client: ShopeeClient): OrderPlatform => ({
  async order(access, orderSn, now) {
    const auth = { accessToken: access.accessToken, shopId: access.externalId };
    const [detail] = (await unlessNotFound(client.getOrderDetail(auth, [orderSn]))) ?? [];
    if (!detail || detail.orderSn !== orderSn) return null;
    const summary = shopeeSummary(detail, access);
    let number: string | null = null;
    let tracking: ShopeeTracking | null = null;
    let complete = true;
    if (hasParcel(summary.status)) {
      const [n, t] = await Promise.allSettled([
        client.getTrackingNumber(auth, orderSn),
        client.getTrackingInfo(auth, orderSn),
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
        const page = await client.getOrderList(auth, {
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
          client.getOrderDetail(auth, batch),
        ),
      )
    ).flat();
    return details
      .sort((a, b) => b.createTime - a.createTime)
      .map((o) => ({ ...shopeeSummary(o, access), buyerId: o.buyerUserId }));
  },

  async product(access, productId) {
    const auth = { accessToken: access.accessToken, shopId: access.externalId };
    const [item] = await client.getItemBaseInfo(auth, [productId]);
    if (!item) return null;
    // With variations, prices and stock are per model (get_model_list), not on the item.
    const { tierVariations, models } = item.hasModel
      ? await client.getModelList(auth, item.itemId)
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
});
