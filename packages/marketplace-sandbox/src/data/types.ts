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

export interface Order {
  sn: string;
  shopId: string;
  buyerId: string;
  itemIds: string[];
  total: number;
  status: 'UNPAID' | 'READY_TO_SHIP' | 'SHIPPED' | 'COMPLETED';
  createdAt: number;
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

export const DATA_VERSION = 2;

export interface SandboxData {
  version: typeof DATA_VERSION;
  lastMessageId: string;
  shopee: PlatformData;
  lazada: PlatformData;
}
