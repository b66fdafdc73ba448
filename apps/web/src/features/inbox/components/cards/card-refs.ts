import type { Bubble } from '../../api/messages.ts';

/** Each card kind's fixed height (px): its skeleton and failure state take the same. */
export const cardHeights = { order: 176, product: 96, voucher: 80 } as const;

/** A card a message carries: an order, a product or a voucher, by the platform's id. */
export type CardRef =
  | { kind: 'order'; id: string }
  | { kind: 'product'; id: string }
  | { kind: 'voucher'; id: string; code?: string };

/** The cards of one message, in the order they are shown: its order, products or voucher. */
export function cardsOf(bubble: Bubble): CardRef[] {
  const c = bubble.content;
  if (bubble.unreadable) return [];
  switch (c.kind) {
    case 'order':
      return [{ kind: 'order', id: c.orderId }];
    case 'product':
      return [...new Set(c.products.map((p) => p.id))].map((id) => ({ kind: 'product', id }));
    case 'voucher':
      return [{ kind: 'voucher', id: c.voucherId, ...(c.code ? { code: c.code } : {}) }];
    default:
      return [];
  }
}

/** The products a shopper shared in a conversation, the latest first, each once. */
export function productsAskedAbout(bubbles: readonly Bubble[]): string[] {
  const ids: string[] = [];
  for (let i = bubbles.length - 1; i >= 0; i--) {
    const bubble = bubbles[i]!;
    if (bubble.sender !== 'customer') continue;
    for (const ref of cardsOf(bubble)) if (ref.kind === 'product' && !ids.includes(ref.id)) ids.push(ref.id);
  }
  return ids;
}
