// Realtime channel names and client events (no schemas: the dashboard's first load uses these).

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

/** What the client sends: join or leave a shop or conversation channel (ack `{ ok }`). */
export const clientEvents = {
  subscribe: 'subscribe',
  unsubscribe: 'unsubscribe',
} as const;
