// Realtime as a typed event map (issue 18.6): every event the server emits, with the zod schema of
// its payload and the kind of channel it goes to. The server's `emit` accepts only these names with
// their payloads; the dashboard maps each to a cache update in one place.
import { z } from 'zod';
import { lazadaMessage, lazadaSession, shopeeConversation, shopeeMessage } from './inbox.ts';
import { inboxCounts, inboxRow } from './inbox-views.ts';

/**
 * Socket.IO rooms. Names cannot collide across shops or merchants (issue 13.6): a conversation's
 * channel carries its shop's uuid, so two shops with the same website session id get two channels.
 * - merchant: every socket joins its merchant's room when it connects (no subscribe needed);
 * - shop: a shop's conversation list (its platform's row shape), joined by `subscribe`;
 * - conversation: one chat's messages, joined by `subscribe` (authorized per shop and conversation).
 */
export const channels = {
  merchant: (merchantId: string) => `merchant:${merchantId}`,
  shop: (shopId: string) => `shop:${shopId}`,
  conversation: (shopId: string, conversationExternalId: string) =>
    `conversation:${shopId}:${conversationExternalId}`,
} as const;
export type ChannelKind = keyof typeof channels;

/** Parses a channel name into its kind and parts (null for anything else). */
export function parseChannel(
  name: string,
):
  | { kind: 'merchant'; merchantId: string }
  | { kind: 'shop'; shopId: string }
  | { kind: 'conversation'; shopId: string; conversationExternalId: string }
  | null {
  const uuid = '([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})';
  let m = new RegExp(`^merchant:${uuid}$`).exec(name);
  if (m) return { kind: 'merchant', merchantId: m[1]! };
  m = new RegExp(`^shop:${uuid}$`).exec(name);
  if (m) return { kind: 'shop', shopId: m[1]! };
  m = new RegExp(`^conversation:${uuid}:(.{1,200})$`).exec(name);
  if (m) return { kind: 'conversation', shopId: m[1]!, conversationExternalId: m[2]! };
  return null;
}

/** 'inbox.updated': one conversation's inbox row changed (a message, a state, a read). */
export const inboxUpdatedEvent = z.object({ conversationId: z.string(), shopId: z.string(), row: inboxRow });
/** 'inbox.counts': the merchant's counts after a change (same shape as GET /api/inbox/counts). */
export const inboxCountsEvent = inboxCounts;
/** 'shop.conversation': the updated row of a shop's conversation list, in its platform's shape. */
export const shopConversationEvent = z.object({
  shopId: z.string(),
  conversation: z.union([shopeeConversation, lazadaSession]),
});
/** 'conversation.message': a message of an open chat, new or changed (pending → sent/failed). */
export const conversationMessageEvent = z.object({
  /** The conversation's platform id (the chat routes' `:conversationId`). */
  conversationId: z.string(),
  shopId: z.string(),
  message: z.union([shopeeMessage, lazadaMessage]),
});

/** Every server event: its payload schema and the kind of channel it is sent to. */
export const realtimeEvents = {
  'inbox.updated': { channel: 'merchant', payload: inboxUpdatedEvent },
  'inbox.counts': { channel: 'merchant', payload: inboxCountsEvent },
  'shop.conversation': { channel: 'shop', payload: shopConversationEvent },
  'conversation.message': { channel: 'conversation', payload: conversationMessageEvent },
} as const satisfies Record<string, { channel: ChannelKind; payload: z.ZodType }>;
export type RealtimeEvent = keyof typeof realtimeEvents;
export type RealtimePayload<E extends RealtimeEvent> = z.infer<(typeof realtimeEvents)[E]['payload']>;

/** What the client sends: join or leave a shop or conversation channel (ack `{ ok }`). */
export const clientEvents = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
} as const;
