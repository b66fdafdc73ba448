import { bool, type Json, list, num, numOrNull, obj, str, strList } from './wire-values.ts';

/** Lazada's answers in our terms. Times are Unix milliseconds. */

export interface LazadaTokens {
  accessToken: string;
  refreshToken: string;
  expiresAt: Date;
  refreshExpiresAt: Date | null;
  /** The seller's login (an e-mail). */
  account: string;
  /** What pushes carry as `seller_id`. */
  sellerId: string;
  /** `my`, `sg`…, or `cb` for cross-border; null when absent. */
  country: string | null;
}

export interface LazadaSession {
  sessionId: string;
  /** The buyer's display name. */
  title: string;
  /** Last message preview. */
  summary: string;
  headUrl: string;
  buyerId: string;
  lastMessageId: string;
  lastMessageTime: number;
  unreadCount: number;
  siteId: string;
}

export interface LazadaMessage {
  messageId: string;
  sessionId: string;
  fromAccountId: string;
  /** 1 buyer, 2 seller. */
  fromAccountType: number;
  toAccountId: string;
  toAccountType: number;
  /** 1 text, 3 image, 4 sticker, 10006 product, 10007 order, 10008 voucher… */
  templateId: number;
  sendTime: number;
  /** JSON text as Lazada sends it, e.g. {"txt":"hello"}. */
  content: string;
  autoReply: boolean;
}

export interface LazadaSku {
  sellerSku: string;
  /** Lazada's SKU id. */
  skuId: string;
  /** The variation's sale properties, e.g. { color_family: 'Sage', size: 'M' }. */
  saleProps: Record<string, string>;
  price: number | null;
  specialPrice: number | null;
  quantity: number | null;
}

export interface LazadaProduct {
  itemId: string;
  name: string;
  description: string;
  status: string;
  /** The first SKU's selling price (its special price when set). */
  price: number | null;
  currency: string | null;
  /** Sum over the SKUs; null when none says. */
  stock: number | null;
  images: string[];
  skus: LazadaSku[];
}

export interface LazadaVoucher {
  voucherId: string;
  code: string;
  name: string;
  status: string;
  discountType: string;
  moneyOff: number | null;
  percentageOff: number | null;
  minimumSpend: number | null;
  startTime: number;
  endTime: number;
}

const afterSeconds = (nowMs: number, seconds: unknown) =>
  num(seconds) > 0 ? new Date(nowMs + num(seconds) * 1000) : null;

export function toLazadaTokens(b: Json, nowMs: number): LazadaTokens {
  const country = str(b.country) || null;
  // /auth/token/create names the array country_user_info, /auth/token/refresh country_user_info_list.
  const infos = list(b.country_user_info ?? b.country_user_info_list);
  const info = infos.find((i) => str(i.country) === country) ?? infos[0] ?? {};
  return {
    accessToken: str(b.access_token),
    refreshToken: str(b.refresh_token),
    expiresAt: afterSeconds(nowMs, b.expires_in) ?? new Date(nowMs),
    refreshExpiresAt: afterSeconds(nowMs, b.refresh_expires_in),
    account: str(b.account),
    sellerId: str(info.seller_id) || str(b.account_id),
    country: country ?? (str(info.country) || null),
  };
}

export const parseLazadaSession = (x: Json): LazadaSession => ({
  sessionId: str(x.session_id),
  title: str(x.title),
  summary: str(x.summary ?? x.content),
  headUrl: str(x.head_url),
  buyerId: str(x.buyer_id),
  lastMessageId: str(x.last_message_id),
  lastMessageTime: num(x.last_message_time),
  unreadCount: num(x.unread_count),
  siteId: str(x.site_id),
});

export const parseLazadaMessage = (m: Json): LazadaMessage => ({
  messageId: str(m.message_id),
  sessionId: str(m.session_id),
  fromAccountId: str(m.from_account_id),
  fromAccountType: num(m.from_account_type),
  toAccountId: str(m.to_account_id),
  toAccountType: num(m.to_account_type),
  templateId: num(m.template_id, 1),
  sendTime: num(m.send_time),
  content: typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? {}),
  autoReply: bool(m.auto_reply),
});

const toLazadaSku = (s: Json): LazadaSku => ({
  sellerSku: str(s.SellerSku ?? s.seller_sku),
  skuId: str(s.SkuId ?? s.sku_id),
  saleProps: Object.fromEntries(
    Object.entries(obj(s.saleProp))
      .map(([k, v]) => [k, str(v)] as const)
      .filter(([, v]) => v !== ''),
  ),
  price: numOrNull(s.price),
  specialPrice: num(s.special_price) > 0 ? num(s.special_price) : null,
  quantity: numOrNull(s.quantity),
});

export function toLazadaProduct(p: Json): LazadaProduct {
  const attributes = obj(p.attributes);
  const rawSkus = list(p.skus);
  const skus = rawSkus.map(toLazadaSku);
  const first = skus[0];
  const stocks = skus.map((s) => s.quantity).filter((q) => q !== null);
  return {
    itemId: str(p.item_id),
    name: str(attributes.name),
    description: str(attributes.short_description) || str(attributes.description),
    status: str(p.status),
    price: first ? (first.specialPrice ?? first.price) : null,
    currency: str(rawSkus[0]?.currency) || null,
    stock: stocks.length ? stocks.reduce((a, b) => a + b, 0) : null,
    images: strList(p.images).length ? strList(p.images) : strList(rawSkus[0]?.Images),
    skus,
  };
}

export const toLazadaVoucher = (v: Json): LazadaVoucher => ({
  voucherId: str(v.id ?? v.voucher_id),
  code: str(v.voucher_code),
  name: str(v.voucher_name),
  status: str(v.status),
  discountType: str(v.voucher_discount_type),
  moneyOff: numOrNull(v.offering_money_value_off),
  percentageOff: numOrNull(v.offering_percentage_discount_off),
  minimumSpend: numOrNull(v.criteria_over_money),
  startTime: num(v.period_start_time),
  endTime: num(v.period_end_time),
});
