import type { InboxLastFrom, InboxRow, InboxState } from '@balas/contracts';
import type { ShopRow } from '../../../db/schema.ts';
import type { ConversationRow } from '../inbox.serialize.ts';

/** What an inbox row needs of its conversation. */
export type RowConversation = Pick<
  ConversationRow,
  | 'id'
  | 'shopId'
  | 'externalId'
  | 'customerName'
  | 'latestText'
  | 'latestAt'
  | 'lastFrom'
  | 'unreadCount'
  | 'botEnabled'
  | 'handedOver'
  | 'handoverReason'
  | 'handoverCode'
  | 'resolvedAt'
  | 'snoozedUntil'
  | 'replyDueAt'
  | 'answerDue'
>;
export type RowShop = Pick<ShopRow, 'id' | 'name' | 'provider' | 'defaultBotStatus'>;

const lastFromOf = { customer: 'shopper', bot: 'bot', agent: 'staff' } as const;

/** The effective bot switch: the conversation's override, else the shop's. */
export const effectiveBot = (
  c: Pick<RowConversation, 'botEnabled'>,
  shop: Pick<RowShop, 'defaultBotStatus'>,
) => c.botEnabled ?? shop.defaultBotStatus;

/**
 * The one effective state (contracts inbox-views.ts): resolved > snoozed (until passed) > needs you
 * (handed over, or the shopper waits and the bot owes them nothing: it is off, or it decided and
 * did not answer) > bot > waiting. The SQL of the views (views.service.ts) and of the counts
 * (inbox_tally_of, migration 0015) says the same.
 */
export function inboxStateOf(c: RowConversation, shop: RowShop, now = new Date()): InboxState {
  if (c.resolvedAt) return 'resolved';
  if (c.snoozedUntil && c.snoozedUntil > now) return 'snoozed';
  const bot = effectiveBot(c, shop);
  if (c.handedOver || (c.lastFrom === 'customer' && !(bot && c.answerDue))) return 'needs_you';
  return bot ? 'bot' : 'waiting';
}

export function toInboxRow(c: RowConversation, shop: RowShop, now = new Date()): InboxRow {
  const state = inboxStateOf(c, shop, now);
  const handedOver = state === 'needs_you' && c.handedOver;
  return {
    id: c.id,
    shopId: shop.id,
    shopName: shop.name,
    channel: shop.provider,
    externalId: c.externalId,
    shopperName: c.customerName,
    lastMessage: c.latestText,
    lastMessageAt: c.latestAt.toISOString(),
    lastFrom: lastFromOf[c.lastFrom ?? 'customer'] as InboxLastFrom,
    unreadCount: c.unreadCount,
    state,
    stateReason: handedOver ? (c.handoverCode ?? 'unknown') : null,
    stateReasonText: handedOver ? c.handoverReason : null,
    botEnabled: effectiveBot(c, shop),
    botInherited: c.botEnabled === null,
    snoozedUntil: state === 'snoozed' && c.snoozedUntil ? c.snoozedUntil.toISOString() : null,
    replyDueAt: c.replyDueAt ? c.replyDueAt.toISOString() : null,
  };
}
