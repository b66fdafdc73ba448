import type { OrderSummary, OrderView, ProductCard } from '@balas/contracts';
import { isNotFound } from '@balas/marketplaces';

/**
 * Order lookups as a platform adapter answers them (`Platform.orders`), and what the Shopee and
 * Lazada ones share.
 */

export interface PlatformAccess {
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

export const DAY_S = 86_400;
export const iso = (ms: number | null) => (ms ? new Date(ms).toISOString() : null);
export const money = (n: number | null) => (n === null ? null : n.toFixed(2));
export const isoSeconds = (s: number | null) => (s ? new Date(s * 1000).toISOString() : null);
export const chunks = <T>(xs: readonly T[], size: number) =>
  Array.from({ length: Math.ceil(xs.length / size) }, (_, i) => xs.slice(i * size, (i + 1) * size));
/** The call's answer, or null when the platform does not know the order. */
export async function unlessNotFound<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

export const shopeeHosts: Record<string, string> = {
  SG: 'seller.shopee.sg',
  PH: 'seller.shopee.ph',
  TH: 'seller.shopee.co.th',
  ID: 'seller.shopee.co.id',
  VN: 'banhang.shopee.vn',
};
export const lazadaHosts: Record<string, string> = {
  SG: 'sellercenter.lazada.sg',
  PH: 'sellercenter.lazada.com.ph',
  TH: 'sellercenter.lazada.co.th',
  ID: 'sellercenter.lazada.co.id',
  VN: 'sellercenter.lazada.vn',
};
export const region = (r: string | null) => (r ?? 'MY').toUpperCase();
export const shopeeOrderUrl = (r: string | null, sn: string) =>
  `https://${shopeeHosts[region(r)] ?? 'seller.shopee.com.my'}/portal/sale/order?search=${encodeURIComponent(sn)}`;
export const lazadaOrderUrl = (r: string | null, id: string) =>
  `https://${lazadaHosts[region(r)] ?? 'sellercenter.lazada.com.my'}/apps/order/detail?tradeOrderId=${encodeURIComponent(id)}`;
