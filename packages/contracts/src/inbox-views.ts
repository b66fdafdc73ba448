// The one inbox across all of a merchant's shops (issue 15): views, rows, counts, actions, saved
// replies. Shared by the server (routes validate and serialize with these) and the dashboard.
import { z } from 'zod';
import { limits } from './limits.ts';
import { messages } from './messages.ts';
import { providerId } from './shops.ts';

/** The Inbox's views, in the order its tabs show them. */
export const inboxViews = [
  'needs_you',
  'drafts',
  'waiting',
  'snoozed',
  'unread',
  'bot',
  'resolved',
  'all',
] as const;
export const inboxView = z.enum(inboxViews);
export type InboxView = z.infer<typeof inboxView>;

/**
 * Effective state of a conversation, first that applies (the server writes this rule once:
 * apps/server/src/features/inbox/views/inbox-state.ts):
 * 'resolved'  resolved by the merchant (a new shopper message reopens it);
 * 'snoozed'   snoozed and `snoozedUntil` is still ahead;
 * 'draft'     a draft of the bot waits for a person's approval (draft mode), not handed over, and
 *             its response window is not running low yet (then: 'needs_you');
 * 'needs_you' handed over and no person of the shop has answered since (`stateReason` = the
 *             handover reason code); or the shopper wrote last and the bot owes them no answer (its
 *             effective switch is off, or it decided and did not answer: a sticker, a reply the
 *             platform refused, given up); or a snooze ended (its time came, or the shopper wrote)
 *             and nobody has written since;
 * 'bot'       the shopper wrote last and the bot's answer is due: the bot is answering;
 * 'waiting'   the shop wrote last (a person, or the bot): waiting on the shopper.
 */
export const inboxState = z.enum(['bot', 'needs_you', 'draft', 'waiting', 'resolved', 'snoozed']);
export type InboxState = z.infer<typeof inboxState>;

export const inboxLastFrom = z.enum(['shopper', 'bot', 'staff']);
export type InboxLastFrom = z.infer<typeof inboxLastFrom>;

/**
 * Which conversations each view lists (the counts use the same rules):
 * needs_you  state 'needs_you' (sorted by replyDueAt ascending, nulls last, then newest activity);
 * drafts     a draft of the bot waits for approval, not resolved and not snoozed (its window running
 *            low or not);
 * waiting    state 'waiting';
 * snoozed    state 'snoozed' (the soonest to wake first);
 * unread     unread shopper messages, not resolved and not snoozed;
 * bot        the bot is in charge (switch on, not handed over) and nothing needs you: state 'bot',
 *            or 'waiting' after its answer (or a person's);
 * resolved   state 'resolved';
 * all        every conversation (snoozed ones included).
 */
export const inboxListQuery = z.object({
  view: inboxView.default('all'),
  shopId: z.uuid({ error: messages.validation.shop }).optional(),
  channel: providerId.optional(),
  /** Shopper name or message text (at least `limits.inbox.searchMin` characters). */
  q: z
    .string()
    .trim()
    .min(limits.inbox.searchMin, messages.inbox.searchTooShort)
    .max(limits.inbox.searchMax, messages.validation.tooLong(limits.inbox.searchMax))
    .optional(),
  /** Opaque: the `nextCursor` of the previous page of the same view. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(limits.inbox.pageSizeMax).default(limits.inbox.pageSize),
});
export type InboxListQuery = z.input<typeof inboxListQuery>;

export const inboxRow = z.object({
  /** The conversation's uuid (the shop's chat routes take `externalId`). */
  id: z.string(),
  shopId: z.string(),
  shopName: z.string(),
  channel: providerId,
  externalId: z.string(),
  shopperName: z.string(),
  lastMessage: z.string(),
  lastMessageAt: z.string(),
  lastFrom: inboxLastFrom,
  unreadCount: z.number(),
  state: inboxState,
  /** For 'needs_you' by handover: the handover reason code (contracts' `handoverReasonLabel`). */
  stateReason: z.string().nullable(),
  /** The merchant words stored with the handover (may name the order asked about). */
  stateReasonText: z.string().nullable(),
  /** Effective switch: the conversation's override, else the shop's setting. */
  botEnabled: z.boolean(),
  /** True when no override: the switch follows the shop's. */
  botInherited: z.boolean(),
  snoozedUntil: z.string().nullable(),
  /**
   * Deadline of the platform's chat response window for the first unanswered shopper message
   * (marketplaces only; null on website chats and when the shop has answered). The bot's replies count.
   */
  replyDueAt: z.string().nullable(),
  /** The views that list the conversation now (the server's one rule), so a pushed row finds its lists. */
  views: z.array(inboxView),
});
export type InboxRow = z.infer<typeof inboxRow>;

export const inboxPage = z.object({ data: z.array(inboxRow), nextCursor: z.string().nullable() });
export type InboxPage = z.infer<typeof inboxPage>;

/** How many conversations each view lists (the same rules as the views). */
const viewCounts = {
  needsYou: z.number(),
  drafts: z.number(),
  waiting: z.number(),
  snoozed: z.number(),
  unread: z.number(),
  bot: z.number(),
  resolved: z.number(),
  all: z.number(),
};
export const inboxShopCounts = z.object({ shopId: z.string() }).extend(viewCounts);
export const inboxCounts = z.object(viewCounts).extend({
  /** Every shop of the merchant, zeros included. */
  shops: z.array(inboxShopCounts),
});
export type InboxCounts = z.infer<typeof inboxCounts>;

export const inboxConversationParams = z.object({ id: z.string().max(100) });

export const snoozeBody = z.object({
  until: z.iso.datetime({ offset: true, error: messages.inbox.snoozeTime }),
});
export type SnoozeBody = z.infer<typeof snoozeBody>;

// ---- response windows ---------------------------------------------------------------------------

/**
 * A shop's response window: null follows the platform's published rule (response-time.ts,
 * docs/response-windows.md); a number of hours overrides it for the countdown.
 */
export const responseWindowHours = z
  .number()
  .int()
  .min(1, messages.inbox.responseWindow)
  .max(limits.inbox.responseWindowHoursMax, messages.inbox.responseWindow)
  .nullable();

/** A shop's countdown setting: its override (null: the platform's rule) and the platform's rule in words. */
export const responseWindowSetting = z.object({
  shopId: z.string(),
  channel: providerId,
  hours: z.number().nullable(),
  /** The platform's published rule (null for website shops: no platform counts a window). */
  platformRule: z.string().nullable(),
});
export type ResponseWindowSetting = z.infer<typeof responseWindowSetting>;
export const responseWindowBody = z.object({ hours: responseWindowHours });
