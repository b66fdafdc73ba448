import type { MessageContent, WebsiteHistory } from '@balas/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../../db/schema.ts';
import { conversations, messages, shops } from '../../db/schema.ts';
import { isUuid } from '../shops/shop-guard.ts';

let lastStamp = 0;

/**
 * The time a visitor's message is stamped with: later than any stamped before in this process, so
 * two posts of a session in the same millisecond keep the order they arrived in, whichever of them
 * is stored first (the bot answers the newest).
 */
export function arrivalTime(now = Date.now()): Date {
  lastStamp = Math.max(now, lastStamp + 1);
  return new Date(lastStamp);
}

export async function findWebsiteShop(db: Db, id: string): Promise<ShopRow | null> {
  if (!isUuid(id)) return null;
  const [shop] = await db
    .select()
    .from(shops)
    .where(and(eq(shops.id, id), eq(shops.provider, 'website')));
  return shop ?? null;
}

export async function hasWebsiteConversation(db: Db, shopId: string, sessionId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.shopId, shopId), eq(conversations.externalId, sessionId)));
  return row !== undefined;
}

/** The session's chat as {message, response} pairs (spec §3): each shopper message with the replies after it. */
type WebsiteReply = WebsiteHistory['chatHistory'][number]['replies'][number];

/** The composer's picture or product card in a website reply, as the widget shows it. */
function richPartsOf(c: MessageContent): Pick<WebsiteReply, 'image' | 'product'> {
  if (c.kind === 'image') return { image: { url: c.url, width: c.width ?? 0, height: c.height ?? 0 } };
  const product = c.kind === 'product' ? c.products[0] : undefined;
  if (product?.name)
    return {
      product: {
        id: product.id,
        name: product.name,
        price: product.price ?? null,
        currency: product.currency ?? null,
        image: product.image ?? null,
      },
    };
  return {};
}

export async function websiteHistoryOf(db: Db, shopId: string, sessionId: string) {
  const rows = await db
    .select({
      sender: messages.sender,
      text: messages.text,
      content: messages.content,
      status: messages.status,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(eq(conversations.shopId, shopId), eq(conversations.externalId, sessionId)))
    .orderBy(asc(messages.sentAt), asc(messages.createdAt));
  type Reply = WebsiteReply;
  const pairs: { message: string; response: string; at: string; replies: Reply[] }[] = [];
  for (const row of rows) {
    const at = row.sentAt.toISOString();
    if (row.sender === 'customer') {
      pairs.push({ message: row.text, response: '', at, replies: [] });
    } else if (row.status !== 'failed') {
      let last = pairs.at(-1);
      if (!last) {
        last = { message: '', response: '', at, replies: [] };
        pairs.push(last);
      }
      last.response = last.response ? `${last.response}\n${row.text}` : row.text;
      last.replies.push({ text: row.text, from: row.sender, at, ...richPartsOf(row.content) });
    }
  }
  return pairs;
}

/** The widget's reads (public: by the website shop's id and the visitor's session), for its routes. */
export function createWebsiteChat(db: Db) {
  return {
    findShop: (id: string) => findWebsiteShop(db, id),
    hasConversation: (shopId: string, sessionId: string) => hasWebsiteConversation(db, shopId, sessionId),
    historyOf: (shopId: string, sessionId: string) => websiteHistoryOf(db, shopId, sessionId),
  };
}
export type WebsiteChat = ReturnType<typeof createWebsiteChat>;
