import { z } from 'zod';
import { providerId } from './shops.ts';

/**
 * Orders, products and their cards as the dashboard and the bot see them, whatever the platform.
 * Times are ISO 8601; amounts in the order's currency.
 */

/** Where an order stands, in the words a shopper knows (each platform's statuses map onto these). */
export const orderStatuses = [
  'unpaid',
  'to_ship',
  'shipped',
  'delivered',
  'completed',
  'cancelling',
  'cancelled',
  'return_refund',
  'returned',
  'delivery_failed',
  'unknown',
] as const;
export const orderStatus = z.enum(orderStatuses);
export type OrderStatus = z.infer<typeof orderStatus>;

export const orderItem = z.object({
  itemId: z.string(),
  name: z.string(),
  /** The variation bought, e.g. "3-6M, Mint". */
  variation: z.string().nullable(),
  quantity: z.number().int(),
  /** Unit price paid; null when the platform does not say. */
  price: z.number().nullable(),
  image: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItem>;

export const trackingEvent = z.object({
  at: z.string(),
  description: z.string(),
  /** The carrier's code of the step, e.g. DELIVERED. */
  status: z.string(),
});
export type TrackingEvent = z.infer<typeof trackingEvent>;

/** What the shopper panel lists of each of the buyer's recent orders. */
export const orderSummary = z.object({
  platform: providerId,
  orderSn: z.string(),
  status: orderStatus,
  /** The platform's own status, e.g. TO_CONFIRM_RECEIVE. */
  platformStatus: z.string(),
  currency: z.string(),
  /** Null until the platform gives it (Shopee: once paid). */
  total: z.number().nullable(),
  createdAt: z.string().nullable(),
  items: z.array(orderItem),
  sellerCentreUrl: z.string(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

/** An order card: the summary plus buyer, dates and the parcel's journey. */
export const orderView = orderSummary.extend({
  buyer: z.object({ id: z.string(), name: z.string() }),
  /** The seller's deadline to ship. */
  shipBy: z.string().nullable(),
  /** When the platform estimates delivery. */
  expectedDelivery: z.object({ from: z.string(), to: z.string() }).nullable(),
  tracking: z.object({
    number: z.string().nullable(),
    carrier: z.string().nullable(),
    /** Newest first. */
    events: z.array(trackingEvent),
  }),
  reason: z.string().nullable(),
  /** When this was read from the platform (cards are cached a few minutes). */
  checkedAt: z.string(),
});
export type OrderView = z.infer<typeof orderView>;

export const lookupProblem = z.object({
  reason: z.enum(['platform', 'not_connected', 'rate_limited', 'no_platform_orders']),
  message: z.string(),
  retryAfterSeconds: z.number().int().nullable(),
});
export type LookupProblem = z.infer<typeof lookupProblem>;

/**
 * A lookup's answer, always a 200: `found` with the order, `not_found` (also for an order of
 * another buyer or shop when asked for a shopper), or `unavailable` with a message and a retry.
 */
export const orderLookup = z.object({
  result: z.enum(['found', 'not_found', 'unavailable']),
  orderSn: z.string(),
  order: orderView.nullable(),
  problem: lookupProblem.nullable(),
});
export type OrderLookup = z.infer<typeof orderLookup>;

export const recentOrdersLookup = z.object({
  result: z.enum(['found', 'unavailable']),
  orders: z.array(orderSummary),
  problem: lookupProblem.nullable(),
});
export type RecentOrdersLookup = z.infer<typeof recentOrdersLookup>;

/** One variation of a product (a Shopee model, a Lazada SKU) with its own price and stock. */
export const productCardVariation = z.object({
  id: z.string(),
  /** Its options, e.g. "Sage / M". */
  name: z.string(),
  /** Decimal string, e.g. "29.90"; null when the platform does not say. */
  price: z.string().nullable(),
  stock: z.number().int().nullable(),
});
export type ProductCardVariation = z.infer<typeof productCardVariation>;

export const productCard = z.object({
  productId: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  images: z.array(z.string()),
  /** Decimal string, e.g. "29.90"; with variations, the lowest. */
  price: z.string().nullable(),
  currency: z.string().nullable(),
  stock: z.number().int().nullable(),
  /** Empty for a product without variations. */
  variations: z.array(productCardVariation),
});
export type ProductCard = z.infer<typeof productCard>;

export const productLookup = z.object({
  result: z.enum(['found', 'not_found', 'unavailable']),
  productId: z.string(),
  product: productCard.nullable(),
  problem: lookupProblem.nullable(),
});
export type ProductLookup = z.infer<typeof productLookup>;

/** Order numbers as the platforms write them: Shopee 14 letters and digits, Lazada digits. */
export const orderSnPattern = /^[0-9A-Za-z]{6,32}$/;
