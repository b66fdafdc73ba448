import {
  channelOf,
  limits,
  type OrderLookup,
  type ProductLookup,
  type RecentOrdersLookup,
  type ShopVoucher,
} from '@balas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the card lookups need of the chat's shop. */
export interface CardShop {
  id: string;
  providerName: string;
}

/** The server caches lookups this long; the dashboard keeps its copy as long. */
const fresh = limits.lookupCacheSeconds * 1000;
const provider = (shop: CardShop) => channelOf(shop.providerName).routeSegment;
const base = (shop: CardShop) => `/${provider(shop)}/v1/${encodeURIComponent(shop.id)}`;

/**
 * (Plain option objects: `queryOptions` would only type them, and costs the first load a chunk.)
 *
 * The lookups answer 200 with found / not_found / unavailable; a failed call (network, 5xx) is shown
 * like `unavailable`, beside the same retry. No automatic retries: the card offers one.
 */
export const orderQuery = (shop: CardShop, orderSn: string) => ({
  queryKey: ['order-card', shop.id, orderSn],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<OrderLookup>(`${base(shop)}/orders/${encodeURIComponent(orderSn)}`, { signal }),
  staleTime: fresh,
  retry: false,
});

export const useOrderCard = (shop: CardShop, orderSn: string) => useQuery(orderQuery(shop, orderSn));

export const productQuery = (shop: CardShop, productId: string) => ({
  queryKey: ['product-card', shop.id, productId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ProductLookup>(`${base(shop)}/products/${encodeURIComponent(productId)}`, { signal }),
  staleTime: fresh,
  retry: false,
});

export const useProductCard = (shop: CardShop, productId: string) => useQuery(productQuery(shop, productId));

/** The conversation's buyer's recent orders in this shop (the shopper panel). */
export const recentOrdersQuery = (shop: CardShop, conversation: string) => ({
  queryKey: ['recent-orders', shop.id, conversation],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<RecentOrdersLookup>(`${base(shop)}/${encodeURIComponent(conversation)}/orders`, { signal }),
  staleTime: fresh,
  retry: false,
});

export const useRecentOrders = (shop: CardShop, conversation: string, enabled = true) =>
  useQuery({ ...recentOrdersQuery(shop, conversation), enabled });

/**
 * The shop's running vouchers on its platform, which a voucher card is matched against (a message
 * carries only the voucher's id). Shared with the training pages' voucher picker.
 */
export const shopVouchersQuery = (shopId: string) => ({
  queryKey: ['shop-vouchers', shopId],
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<ShopVoucher[]>(`/shopee/${encodeURIComponent(shopId)}/gpt/vouchers`, { signal }),
  staleTime: fresh,
  retry: false,
});

export const useShopVouchers = (shopId: string) => useQuery(shopVouchersQuery(shopId));
