import { stickerById } from '../chat/media.ts';
import { absoluteUrl, buyerName, findProduct, findShop, unreadByShop } from '../data/lookup.ts';
import type {
  Conversation,
  Message,
  MessageBody,
  MessageType,
  Product,
  Shop,
  Voucher,
} from '../data/types.ts';
import type { SandboxState } from '../sandbox-state.ts';

/** Lazada's wire shapes. IM message content is a JSON string; account types are 1 buyer, 2 seller. */

export const templateIds: Record<MessageType, number> = {
  text: 1,
  image: 3,
  sticker: 4,
  item: 10006,
  order: 10007,
  voucher: 10008,
  follow: 10010,
};

const money = (n: number) => `RM${n.toFixed(2)}`;

export function lazadaContent(state: SandboxState, shop: Shop, body: MessageBody): Record<string, unknown> {
  switch (body.type) {
    case 'text':
      return { txt: body.text };
    case 'sticker':
      return { txt: stickerById(body.stickerId)?.emoji ?? body.stickerId };
    case 'image':
      return {
        imgUrl: absoluteUrl(state.config.publicUrl, body.url),
        width: body.width,
        height: body.height,
      };
    case 'item': {
      const product = findProduct(shop, body.itemId);
      return {
        itemId: body.itemId,
        title: product?.name ?? '',
        iconUrl: product ? absoluteUrl(state.config.publicUrl, product.images[0] ?? '') : '',
        price: product ? money(product.price) : '',
        actionUrl: `https://www.lazada.com.my/products/i${body.itemId}.html`,
      };
    }
    case 'order':
      return { orderId: body.orderSn };
    case 'voucher':
      return { promotionId: body.voucherId };
    case 'follow':
      return {};
  }
}

/** The one-line preview Lazada shows for a message. */
export function lazadaSummary(state: SandboxState, shop: Shop, body: MessageBody): string {
  switch (body.type) {
    case 'text':
      return body.text;
    case 'sticker':
      return String(lazadaContent(state, shop, body).txt);
    case 'image':
      return '[Image]';
    case 'item':
      return `[Product] ${findProduct(shop, body.itemId)?.name ?? body.itemId}`;
    case 'order':
      return `[Order] ${body.orderSn}`;
    case 'voucher':
      return '[Voucher]';
    case 'follow':
      return '[Follow store]';
  }
}

export function lazadaMessage(state: SandboxState, c: Conversation, m: Message) {
  const shop = findShop(state.data.lazada, c.shopId)!;
  const seller = { id: c.shopId, type: 2 };
  const buyer = { id: c.buyerId, type: 1 };
  const [from, to] = m.from === 'shop' ? [seller, buyer] : [buyer, seller];
  return {
    message_id: m.id,
    session_id: c.id,
    from_account_id: from.id,
    from_account_type: from.type,
    to_account_id: to.id,
    to_account_type: to.type,
    send_time: m.at,
    template_id: templateIds[m.body.type],
    type: 1,
    content: JSON.stringify(lazadaContent(state, shop, m.body)),
    process_msg: lazadaSummary(state, shop, m.body),
    status: 0,
    auto_reply: false,
    site_id: shop.region,
  };
}

export function lazadaSession(state: SandboxState, c: Conversation) {
  const shop = findShop(state.data.lazada, c.shopId)!;
  const last = c.messages.at(-1);
  const readAt = c.messages.find((m) => m.id === c.shopReadUpTo)?.at ?? 0;
  return {
    session_id: c.id,
    title: buyerName(state.data.lazada, c),
    summary: last ? lazadaSummary(state, shop, last.body) : '',
    head_url: `${state.config.publicUrl}/assets/avatars/${c.buyerId}.svg`,
    buyer_id: c.buyerId,
    last_message_id: last?.id ?? '',
    last_message_time: last?.at ?? 0,
    unread_count: unreadByShop(c),
    self_position: readAt,
    to_position: last?.at ?? 0,
    tags: [],
    site_id: shop.region,
  };
}

/** Message type 19, IM session update: no message body, the receiver fetches the session. */
export function lazadaPushBody(state: SandboxState, c: Conversation): string {
  const session = lazadaSession(state, c);
  return JSON.stringify({
    seller_id: c.shopId,
    message_type: 19,
    data: {
      sync_type: 'SESSION_UPDATE',
      user_account_id: c.shopId,
      user_account_type: 2,
      session_id: c.id,
      unread_count: session.unread_count,
      to_position: session.to_position,
      self_position: session.self_position,
      site_id: session.site_id,
    },
    timestamp: state.now(),
    site: 'lazada_my',
  });
}

const html = (s: string) => s.replace(/[&<>]/g, (ch) => `&#${ch.charCodeAt(0)};`);

export function lazadaProduct(state: SandboxState, p: Product) {
  const url = (path: string) => absoluteUrl(state.config.publicUrl, path);
  const discounted = p.originalPrice > p.price;
  const combos = p.models.length
    ? p.models
    : [{ id: `${p.id}01`, tierIndex: [], sku: p.sku, price: p.price, stock: p.stock }];
  return {
    item_id: Number(p.id),
    primary_category: p.categoryId,
    created_time: String(p.createdAt),
    updated_time: String(p.updatedAt),
    status: p.status === 'NORMAL' ? 'Active' : 'InActive',
    images: p.images.map(url),
    attributes: {
      name: p.name,
      description: `<p>${html(p.description)}</p>`,
      short_description: `<ul>${p.description
        .split(/(?<=\.)\s+/)
        .map((line) => `<li>${html(line)}</li>`)
        .join('')}</ul>`,
      brand: p.brand,
      warranty_type: 'No Warranty',
    },
    skus: combos.map((m) => ({
      SkuId: Number(m.id),
      SellerSku: m.sku,
      ShopSku: `${p.id}_MY-${m.id}`,
      Status: p.status === 'NORMAL' ? 'active' : 'inactive',
      quantity: m.stock,
      Available: m.stock,
      // Lazada's `price` is the list price; `special_price` the sale price (0 when none).
      price: discounted ? Math.max(p.originalPrice, m.price) : m.price,
      special_price: discounted ? m.price : 0,
      Images: [url(p.images[0] ?? '')],
      package_weight: String(p.weightKg),
      Url: `https://www.lazada.com.my/products/i${p.id}-s${m.id}.html`,
      saleProp: Object.fromEntries(
        m.tierIndex.map((t, k) => [
          p.variations[k]?.name.toLowerCase() ?? `v${k}`,
          p.variations[k]?.options[t],
        ]),
      ),
    })),
    variation: Object.fromEntries(
      p.variations.map((v, k) => [`Variation${k + 1}`, { name: v.name, options: v.options }]),
    ),
  };
}

export const lazadaVoucherType = (v: Voucher) =>
  v.rewardType === 'fixed' ? 'COLLECTIBLE_VOUCHER' : 'REGULAR_VOUCHER';

export function lazadaVoucherStatus(v: Voucher, nowMs: number) {
  const now = nowMs / 1000;
  return now < v.startTime ? 'NOT_START' : now > v.endTime ? 'FINISH' : 'ONGOING';
}

export function lazadaVoucher(v: Voucher, nowMs: number) {
  return {
    id: Number(v.id),
    voucher_name: v.name,
    voucher_code: v.code,
    voucher_type: lazadaVoucherType(v),
    voucher_discount_type: v.rewardType === 'fixed' ? 'MONEY_VALUE_OFF' : 'PERCENTAGE_DISCOUNT_OFF',
    ...(v.rewardType === 'fixed'
      ? { offering_money_value_off: v.discountAmount }
      : { offering_percentage_discount_off: v.percentage, max_discount_offering_money_value: v.maxPrice }),
    criteria_over_money: v.minBasketPrice,
    period_start_time: v.startTime * 1000,
    period_end_time: v.endTime * 1000,
    collect_start: v.startTime * 1000,
    display_area: 'REGULAR_CHANNEL',
    apply: 'ENTIRE_SHOP',
    limit: 1,
    issued: v.usageQuantity,
    order_used_budget: v.currentUsage,
    currency: 'MYR',
    status: lazadaVoucherStatus(v, nowMs),
  };
}
