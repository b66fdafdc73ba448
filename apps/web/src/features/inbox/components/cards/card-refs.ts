import type { Bubble } from '../../api/messages.ts';

/** Each card kind's fixed height (px): its skeleton and failure state take the same. */
export const cardHeights = { order: 176, product: 96, voucher: 80 } as const;

/** A card a message carries: an order, a product or a voucher, by the platform's id. */
export type CardRef =
  | { kind: 'order'; id: string }
  | { kind: 'product'; id: string }
  | { kind: 'voucher'; id: string; code?: string };

const id = (v: unknown) =>
  (typeof v === 'string' && v.trim()) || (typeof v === 'number' && Number.isFinite(v))
    ? String(v).trim()
    : '';

/** Lazada bubbles carry the template id (a number) as their type; Shopee a word. */
const isLazada = (bubble: Bubble) => /^\d+$/.test(bubble.type);

/**
 * The cards of one message, in the order they are shown: Shopee's `order_sn`, `item_id`,
 * `chat_product_infos[].item_id` and `voucher_id`/`voucher_code`; Lazada's order, product and
 * voucher templates (`orderId`, `itemId`, `promotionId`, or their snake_case forms).
 */
export function cardsOf(bubble: Bubble, lazada = isLazada(bubble)): CardRef[] {
  const c = bubble.content;
  if (!c || bubble.unreadable) return [];
  const refs: CardRef[] = [];
  const seen = new Set<string>();
  const add = (ref: CardRef) => {
    const key = `${ref.kind}:${ref.id}`;
    if (!ref.id || seen.has(key)) return;
    seen.add(key);
    refs.push(ref);
  };
  if (lazada) {
    // Templates 10007 (order), 10006 (product) and 10008 (voucher).
    add({ kind: 'order', id: id(c.orderId) || id(c.order_id) });
    add({ kind: 'product', id: id(c.itemId) || id(c.item_id) });
    add({ kind: 'voucher', id: id(c.promotionId) || id(c.promotion_id) });
    return refs;
  }
  add({ kind: 'order', id: id(c.order_sn) });
  add({ kind: 'product', id: id(c.item_id) });
  if (Array.isArray(c.chat_product_infos))
    for (const info of c.chat_product_infos)
      if (info && typeof info === 'object')
        add({ kind: 'product', id: id((info as Record<string, unknown>).item_id) });
  const code = id(c.voucher_code);
  const voucher = id(c.voucher_id) || code;
  if (voucher) add({ kind: 'voucher', id: voucher, ...(code ? { code } : {}) });
  return refs;
}

/** The products a shopper shared in a conversation, the latest first, each once. */
export function productsAskedAbout(bubbles: readonly Bubble[], lazada: boolean): string[] {
  const ids: string[] = [];
  for (let i = bubbles.length - 1; i >= 0; i--) {
    const bubble = bubbles[i]!;
    if (bubble.sender !== 'customer') continue;
    for (const ref of cardsOf(bubble, lazada))
      if (ref.kind === 'product' && !ids.includes(ref.id)) ids.push(ref.id);
  }
  return ids;
}
