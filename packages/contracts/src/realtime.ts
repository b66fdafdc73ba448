// Realtime as a typed event map (issue 18.6): every event the server emits, with the zod schema of
// its payload and the kind of channel it goes to. The server's `emit` accepts only these names with
// their payloads; the dashboard maps each to a cache update in one place.
import { z } from 'zod';
import { lazadaMessage, lazadaSession, shopeeConversation, shopeeMessage } from './inbox.ts';
import { inboxCounts, inboxRow } from './inbox-views.ts';
import type { ChannelKind } from './realtime-channels.ts';

// Channel names and the client's events hold no schema, so the dashboard's shell can use them
// without loading the schema library.
export * from './realtime-channels.ts';

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
