/** The sandbox's data: plain JSON, persisted as is. Times are milliseconds unless named otherwise. */

export type Platform = 'shopee' | 'lazada';
export const platforms: readonly Platform[] = ['shopee', 'lazada'];

/** One tier of variations, e.g. Size: 0-3M, 3-6M. */
export interface Variation {
  name: string;
  options: string[];
}

/** One purchasable combination of a product's variations (Shopee "model", Lazada "SKU"). */
export interface Model {
  id: string;
  /** Index into each variation's options. */
  tierIndex: number[];
  sku: string;
  price: number;
  stock: number;
}

export interface Product {
  id: string;
  sku: string;
  name: string;
  description: string;
  categoryId: number;
  brand: string;
  /** Drawn on the generated product pictures. */
  emoji: string;
  /** MYR. For a product with models, the lowest model price. */
  price: number;
  originalPrice: number;
  stock: number;
  weightKg: number;
  /** Sandbox-relative paths, e.g. assets/products/30012001.svg */
  images: string[];
  status: 'NORMAL' | 'UNLIST';
  variations: Variation[];
  models: Model[];
  createdAt: number;
  updatedAt: number;
}

export interface Voucher {
  id: string;
  code: string;
  name: string;
  rewardType: 'fixed' | 'percentage';
  discountAmount: number;
  percentage: number;
  maxPrice: number;
  minBasketPrice: number;
  usageQuantity: number;
  currentUsage: number;
  startTime: number;
  endTime: number;
}

export interface Buyer {
  id: string;
  name: string;
}

/**
 * Where an order stands, in platform-neutral terms; each platform writes it its own way (Shopee
 * TO_CONFIRM_RECEIVE, Lazada delivered...). RETURN_REFUND: the buyer asked to return it.
 */
export type OrderStatus =
  | 'UNPAID'
  | 'READY_TO_SHIP'
  | 'SHIPPED'
  | 'DELIVERED'
  | 'COMPLETED'
  | 'CANCELLED'
  | 'RETURN_REFUND';

export interface OrderLine {
  itemId: string;
  /** The model (variation) bought, or null for a product without models. */
  modelId: string | null;
  quantity: number;
  /** Unit price paid, MYR. */
  price: number;
}

/** One step of a parcel's journey, as the carrier reports it. */
export interface TrackingEvent {
  at: number;
  /** Shopee's tracking logistics_status of the step, e.g. PICKED_UP. */
  status: string;
  description: string;
}

export interface Order {
  sn: string;
  shopId: string;
  buyerId: string;
  lines: OrderLine[];
  shippingFee: number;
  /** Items plus shipping, MYR. */
  total: number;
  status: OrderStatus;
  paymentMethod: string;
  createdAt: number;
  updatedAt: number;
  paidAt: number | null;
  /** The deadline for the seller to ship. */
  shipBy: number;
  carrier: string;
  /** Set once the parcel is handed to the carrier. */
  trackingNumber: string | null;
  /** Oldest first. */
  events: TrackingEvent[];
  /** Why it was cancelled or is being returned. */
  reason: string;
}

/** A chat message in platform-neutral form; each platform renders it in its own wire format. */
export type MessageBody =
  | { type: 'text'; text: string }
  | { type: 'sticker'; stickerId: string }
  | { type: 'image'; url: string; width: number; height: number }
  | { type: 'item'; itemId: string }
  | { type: 'order'; orderSn: string }
  | { type: 'voucher'; voucherId: string }
  | { type: 'follow' };

export type MessageType = MessageBody['type'];

export interface Message {
  id: string;
  from: 'buyer' | 'shop';
  body: MessageBody;
  at: number;
  /** How it was written: the shopper console, the platform's API, or the seed data. */
  source: 'shopper' | 'openapi' | 'seed';
}

export interface Conversation {
  id: string;
  shopId: string;
  buyerId: string;
  messages: Message[];
  /** The last message id the shop has read ('' when none). */
  shopReadUpTo: string;
  pinned: boolean;
}

export interface Shop {
  id: string;
  name: string;
  /** The seller account's user id (Shopee from_id of the shop's messages; Lazada user_id). */
  userId: string;
  region: 'MY';
  products: Product[];
  vouchers: Voucher[];
}

export interface Grant {
  shopId: string;
  expiresAt: number;
  revoked?: boolean;
  usedAt?: number;
}

export interface LostPush {
  id: number;
  shopId: string;
  code: number;
  /** Unix seconds when the push was given up. */
  timestamp: number;
  /** The push body exactly as it was sent. */
  data: string;
}

export interface PlatformData {
  shops: Shop[];
  buyers: Buyer[];
  orders: Order[];
  conversations: Conversation[];
  codes: Record<string, Grant>;
  accessTokens: Record<string, Grant>;
  refreshTokens: Record<string, Grant>;
  /** Shops that authorized our app (only they get pushes), with the authorization time. */
  authorizations: Record<string, { authorizedAt: number; expiresAt: number }>;
  lostPushes: LostPush[];
  nextLostPushId: number;
  nextSessionSeq: number;
}

export const DATA_VERSION = 3;

export interface SandboxData {
  version: typeof DATA_VERSION;
  lastMessageId: string;
  shopee: PlatformData;
  lazada: PlatformData;
}
