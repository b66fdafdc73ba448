import {
  chatShapeOf,
  contentLabel,
  cutText,
  type LazadaMessageView,
  type LazadaSessionView,
  limits,
  type MessageContent,
  type ShopeeConversationView,
  type ShopeeMessageView,
} from '@balas/contracts';
import type { ConversationRow, MessageRow, ShopRow } from '../../db/schema.ts';

export type { ConversationRow, MessageRow };
/** What a conversation list shows of a conversation. */
export type ListConversation = Pick<
  ConversationRow,
  | 'id'
  | 'externalId'
  | 'customerId'
  | 'customerName'
  | 'latestText'
  | 'latestAt'
  | 'hasNew'
  | 'unreadCount'
  | 'botEnabled'
  | 'handedOver'
  | 'handoverReason'
>;
/** What a chat shows of a message. */
export type PageMessage = Pick<
  MessageRow,
  'id' | 'externalId' | 'sender' | 'type' | 'content' | 'status' | 'error' | 'sentAt'
>;

const nanos = (d: Date) => (BigInt(d.getTime()) * 1_000_000n).toString();

export const shopeeConversationView = (c: ListConversation): ShopeeConversationView => ({
  id: c.id,
  conversation_id: c.externalId,
  to_id: c.customerId,
  to_name: c.customerName,
  latest_message_content: { text: c.latestText },
  last_message_timestamp: nanos(c.latestAt),
  newMsg: c.hasNew,
  unread_count: c.unreadCount,
  is_enable: c.botEnabled,
  is_agent: c.handedOver,
  handover_reason: c.handoverReason,
});

export const lazadaSessionView = (c: ListConversation): LazadaSessionView => ({
  id: c.id,
  session_id: c.externalId,
  title: c.customerName,
  to_name: c.customerName,
  buyer_id: c.customerId,
  summary: c.latestText,
  last_message_time: c.latestAt.getTime(),
  newMsg: c.hasNew,
  unread_count: c.unreadCount,
  is_enable: c.botEnabled,
  is_agent: c.handedOver,
  handover_reason: c.handoverReason,
});

const sourceOf = { customer: 'buyer', agent: 'seller', bot: 'openapi' } as const;

export const shopeeMessageView = (
  m: PageMessage,
  c: Pick<ConversationRow, 'customerId'>,
  shopExternalId: string,
): ShopeeMessageView => ({
  id: m.id,
  message_id: m.externalId ?? m.id,
  source: sourceOf[m.sender],
  sender: m.sender,
  message_type: m.type,
  from_id: m.sender === 'customer' ? c.customerId : shopExternalId,
  created_timestamp: Math.floor(m.sentAt.getTime() / 1000),
  content: m.content,
  status: m.status,
  error: m.error,
});

export const lazadaMessageView = (
  m: PageMessage,
  c: Pick<ConversationRow, 'externalId'>,
): LazadaMessageView => ({
  id: m.id,
  message_id: m.externalId ?? m.id,
  session_id: c.externalId,
  sender: m.sender,
  to_account_type: m.sender === 'customer' ? 2 : 1,
  openai: m.sender === 'bot',
  send_time: m.sentAt.getTime(),
  template_id: Number(m.type) || 1,
  content: JSON.stringify(m.content),
  status: m.status,
  error: m.error,
});

/** A shop's conversation in the API's shape for its route segment (the website's chats use Shopee's). */
export const conversationViewOf = (shop: Pick<ShopRow, 'provider'>, c: ListConversation) =>
  chatShapeOf(shop.provider) === 'sessions' ? lazadaSessionView(c) : shopeeConversationView(c);

/** A shop's message in the API's shape for its route segment. */
export const messageViewOf = (
  shop: Pick<ShopRow, 'provider' | 'externalId' | 'id'>,
  m: PageMessage,
  c: Pick<ConversationRow, 'customerId' | 'externalId'>,
) =>
  chatShapeOf(shop.provider) === 'sessions'
    ? lazadaMessageView(m, c)
    : shopeeMessageView(m, c, shop.externalId ?? shop.id);

/** A short text for lists and the bot: the message text, or a label for cards and media. */
export const previewText = (content: MessageContent): string =>
  cutText(contentLabel(content), limits.messageSearchTextMax);
