import { type InboxLastFrom, type InboxRow, type InboxState, inboxView } from '@balas/contracts';
import type { ShopRow } from '../../../db/schema.ts';
import type { ConversationRow } from '../inbox.serialize.ts';
import { inView, type StateFacts, inboxStateOf as stateOf } from './inbox-state.ts';

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
  | 'wokeAt'
  | 'replyDueAt'
  | 'answerDue'
  | 'draftUntil'
>;
export type RowShop = Pick<ShopRow, 'id' | 'name' | 'provider' | 'defaultBotStatus'>;

const lastFromOf = { customer: 'shopper', bot: 'bot', agent: 'staff' } as const;

/** The effective bot switch: the conversation's override, else the shop's. */
export const effectiveBot = (
  c: Pick<RowConversation, 'botEnabled'>,
  shop: Pick<RowShop, 'defaultBotStatus'>,
) => c.botEnabled ?? shop.defaultBotStatus;

/** What the one rule (inbox-state.ts) reads of a conversation and its shop. */
export const stateFactsOf = (c: RowConversation, shop: Pick<RowShop, 'defaultBotStatus'>): StateFacts => ({
  resolvedAt: c.resolvedAt,
  snoozedUntil: c.snoozedUntil,
  wokeAt: c.wokeAt,
  latestAt: c.latestAt,
  handedOver: c.handedOver,
  lastFrom: c.lastFrom,
  botOn: effectiveBot(c, shop),
  answerDue: c.answerDue,
  unreadCount: c.unreadCount,
  draftUntil: c.draftUntil,
});

/** The one effective state (inbox-state.ts; contracts inbox-views.ts). */
export const inboxStateOf = (c: RowConversation, shop: RowShop, now = new Date()): InboxState =>
  stateOf(stateFactsOf(c, shop), now);

export function toInboxRow(c: RowConversation, shop: RowShop, now = new Date()): InboxRow {
  const facts = stateFactsOf(c, shop);
  const state = stateOf(facts, now);
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
    views: inboxView.options.filter((view) => inView(view, facts, now)),
  };
}
