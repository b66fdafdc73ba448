import { parseJsonKeepingBigInts } from './big-json.ts';
import { bool, type Json, list, num, numOrNull, obj, str, strList } from './wire-values.ts';

/** Shopee's answers in our terms. Every id is a string: several exceed 2^53. */

export interface ShopeeTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  shopId: string;
}

export interface ShopeeShopInfo {
  shopName: string;
  region: string;
  status: string;
  isCrossBorder: boolean;
  /** When the seller's authorization of this app ends. */
  authorizationExpiresAt: Date | null;
}

export interface ShopeeConversation {
  conversationId: string;
  /** The buyer. */
  toId: string;
  toName: string;
  toAvatar: string;
  shopId: string;
  unreadCount: number;
  pinned: boolean;
  lastReadMessageId: string;
  latestMessageId: string;
  latestMessageType: string;
  latestMessageContent: Json;
  latestMessageFromId: string;
  /** As sent; nanoseconds in practice (the unit is undocumented). */
  lastMessageTimestamp: string;
}

export interface ShopeeMessage {
  messageId: string;
  conversationId: string;
  fromId: string;
  toId: string;
  fromShopId: string;
  toShopId: string;
  /** text, sticker, image, item, order, video... unknown types are passed through. */
  messageType: string;
  content: Json;
  /** Unix seconds. */
  createdTimestamp: number;
  /** e.g. `openapi` for messages sent through this API. */
  source: string;
}

export interface ShopeeSentMessage {
  messageId: string;
  conversationId: string;
  toId: string;
  messageType: string;
  createdTimestamp: number;
}

export interface ShopeeItem {
  itemId: string;
  name: string;
  description: string;
  sku: string;
  status: string;
  /** With variations: prices and stock are per model (getModelList). */
  hasModel: boolean;
  price: number | null;
  originalPrice: number | null;
  currency: string | null;
  stock: number | null;
  images: string[];
  /** Unix seconds. */
  updateTime: number;
}

export interface ShopeeModel {
  modelId: string;
  sku: string;
  tierIndex: number[];
  price: number | null;
  originalPrice: number | null;
  currency: string | null;
  stock: number | null;
}

export interface ShopeeVoucher {
  voucherId: string;
  code: string;
  name: string;
  /** 1 shop, 2 product. */
  voucherType: number;
  /** 1 fixed amount, 2 percentage, 3 coin cashback. */
  rewardType: number;
  discountAmount: number | null;
  percentage: number | null;
  minBasketPrice: number | null;
  /** Unix seconds. */
  startTime: number;
  endTime: number;
}

/** A text the platform may send either as an object or as JSON inside a string. */
export function jsonObject(v: unknown): Json {
  if (typeof v !== 'string') return obj(v);
  try {
    return obj(parseJsonKeepingBigInts(v));
  } catch {
    return {};
  }
}

export const toShopeeShopInfo = (b: Json): ShopeeShopInfo => ({
  shopName: str(b.shop_name),
  region: str(b.region),
  status: str(b.status),
  isCrossBorder: bool(b.is_cb),
  authorizationExpiresAt: num(b.expire_time) > 0 ? new Date(num(b.expire_time) * 1000) : null,
});

export const parseShopeeConversation = (c: Json): ShopeeConversation => ({
  conversationId: str(c.conversation_id),
  toId: str(c.to_id),
  toName: str(c.to_name),
  toAvatar: str(c.to_avatar),
  shopId: str(c.shop_id),
  unreadCount: num(c.unread_count),
  pinned: bool(c.pinned),
  lastReadMessageId: str(c.last_read_message_id),
  latestMessageId: str(c.latest_message_id),
  latestMessageType: str(c.latest_message_type),
  latestMessageContent: jsonObject(c.latest_message_content),
  latestMessageFromId: str(c.latest_message_from_id),
  lastMessageTimestamp: str(c.last_message_timestamp),
});

export const parseShopeeMessage = (m: Json): ShopeeMessage => ({
  messageId: str(m.message_id),
  conversationId: str(m.conversation_id),
  fromId: str(m.from_id),
  toId: str(m.to_id),
  fromShopId: str(m.from_shop_id),
  toShopId: str(m.to_shop_id),
  messageType: str(m.message_type) || 'text',
  content: jsonObject(m.content),
  createdTimestamp: num(m.created_timestamp),
  source: str(m.source),
});

export const toShopeeSentMessage = (r: Json): ShopeeSentMessage => ({
  messageId: str(r.message_id),
  conversationId: str(r.conversation_id),
  toId: str(r.to_id),
  messageType: str(r.message_type),
  createdTimestamp: num(r.created_timestamp),
});

const firstPrice = (v: unknown) => {
  const p = list(v)[0];
  return {
    price: p ? numOrNull(p.current_price ?? p.original_price) : null,
    originalPrice: p ? numOrNull(p.original_price) : null,
    currency: p ? str(p.currency) || null : null,
  };
};

const availableStock = (v: unknown): number | null => {
  const summary = obj(obj(v).summary_info);
  return numOrNull(summary.total_available_stock);
};

export const toShopeeItem = (i: Json): ShopeeItem => ({
  itemId: str(i.item_id),
  name: str(i.item_name),
  description: str(i.description),
  sku: str(i.item_sku),
  status: str(i.item_status),
  hasModel: bool(i.has_model),
  ...firstPrice(i.price_info),
  stock: availableStock(i.stock_info_v2),
  images: strList(obj(i.image).image_url_list),
  updateTime: num(i.update_time),
});

export const toShopeeModel = (m: Json): ShopeeModel => ({
  modelId: str(m.model_id),
  sku: str(m.model_sku),
  tierIndex: Array.isArray(m.tier_index) ? m.tier_index.map((x) => num(x)) : [],
  ...firstPrice(m.price_info),
  stock: availableStock(m.stock_info_v2),
});

export const toShopeeVoucher = (v: Json): ShopeeVoucher => ({
  voucherId: str(v.voucher_id),
  code: str(v.voucher_code),
  name: str(v.voucher_name),
  voucherType: num(v.voucher_type),
  rewardType: num(v.reward_type),
  discountAmount: numOrNull(v.discount_amount),
  percentage: numOrNull(v.percentage),
  minBasketPrice: numOrNull(v.min_basket_price),
  startTime: num(v.start_time),
  endTime: num(v.end_time),
});

const ACCESS_TOKEN_LIFETIME_S = 4 * 3600;

/**
 * `expire_in` is documented in seconds, but a doc sample shows a Unix timestamp there; anything
 * beyond the documented 4 h lifetime (or missing) is read as 4 h, so we never refresh too late.
 */
export function shopeeTokenExpiry(expireIn: unknown, nowMs: number): Date {
  const seconds = num(expireIn);
  const lifetime = seconds > 0 && seconds <= ACCESS_TOKEN_LIFETIME_S ? seconds : ACCESS_TOKEN_LIFETIME_S;
  return new Date(nowMs + lifetime * 1000);
}

export const toShopeeTokens = (b: Json, shopId: string, nowMs: number): ShopeeTokens => ({
  accessToken: str(b.access_token),
  refreshToken: str(b.refresh_token),
  expiresAt: shopeeTokenExpiry(b.expire_in, nowMs),
  shopId: str(b.shop_id) || shopId,
});
