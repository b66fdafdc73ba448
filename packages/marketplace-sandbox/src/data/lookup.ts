import type { Conversation, Order, PlatformData, Product, Shop } from './types.ts';

export const findShop = (p: PlatformData, shopId: string) => p.shops.find((s) => s.id === shopId);
export const findBuyer = (p: PlatformData, buyerId: string) => p.buyers.find((b) => b.id === buyerId);
export const findProduct = (shop: Shop, itemId: string) => shop.products.find((x) => x.id === itemId);
export const findConversation = (p: PlatformData, shopId: string, id: string) =>
  p.conversations.find((c) => c.shopId === shopId && c.id === id);
export const conversationWith = (p: PlatformData, shopId: string, buyerId: string) =>
  p.conversations.find((c) => c.shopId === shopId && c.buyerId === buyerId);

export const buyerName = (p: PlatformData, c: Conversation) => findBuyer(p, c.buyerId)?.name ?? c.buyerId;

/** Sandbox assets are stored as relative paths; anything else is already a URL. */
export const absoluteUrl = (publicUrl: string, pathOrUrl: string) =>
  /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}/${pathOrUrl}`;

/** Messages the shop has not read yet (the buyer's, after the shop's read marker). */
export function unreadByShop(c: Conversation): number {
  const readAt = c.shopReadUpTo ? c.messages.findIndex((m) => m.id === c.shopReadUpTo) : -1;
  return c.messages.slice(readAt + 1).filter((m) => m.from === 'buyer').length;
}

/** Newest activity first (message ids grow with time). */
export const byLatestMessage = (a: Conversation, b: Conversation) => {
  const x = BigInt(a.messages.at(-1)?.id || 0);
  const y = BigInt(b.messages.at(-1)?.id || 0);
  return x === y ? 0 : x > y ? -1 : 1;
};

/** A model's options as the platforms name it, e.g. "3-6M,Mint"; '' for a product without models. */
export function modelName(product: Product | undefined, modelId: string | null): string {
  const model = product?.models.find((m) => m.id === modelId);
  if (!product || !model) return '';
  return model.tierIndex.map((t, i) => product.variations[i]?.options[t] ?? '').join(',');
}

/** An order of this shop, or undefined (another shop's order is as unknown as a made-up number). */
export const findOrder = (p: PlatformData, shopId: string, sn: string): Order | undefined =>
  p.orders.find((o) => o.shopId === shopId && o.sn === sn);
