// A fixed, hand-made set of conversations of one Shopee shop in Malaysia (UTC+8), with the figures
// each Insights definition must give for it. Times are Malaysian wall-clock times.

export type Sender = 'customer' | 'agent' | 'bot';
export type EventKind = 'handover' | 'handed_back' | 'bot_enabled' | 'bot_disabled';
export interface FixtureConversation {
  name: string;
  messages: { sender: Sender; at: string; failed?: boolean }[];
  /** Who answers changing: a handover (with its reason), a hand-back, the conversation's own switch. */
  events?: { at: string; kind: EventKind; reason?: string }[];
}

/** "Now" for the whole set: 10 June 2025, 12:00 in Kuala Lumpur. */
export const NOW = new Date('2025-06-10T12:00:00+08:00');
const my = (local: string) => `${local}+08:00`;

/**
 * The shop's bot switch: on until the merchant switched it off on Sunday 8 June at 10:00, and on
 * again at 10:31 (on since, as it is now).
 */
export const shopSwitches = [
  { enabled: false, at: my('2025-06-08T10:00:00') },
  { enabled: true, at: my('2025-06-08T10:31:00') },
];

export const conversations: FixtureConversation[] = [
  {
    name: 'A: bot answers, shopper leaves (bot-resolved)',
    messages: [
      { sender: 'customer', at: my('2025-06-05T10:00:00') },
      { sender: 'bot', at: my('2025-06-05T10:00:04') },
    ],
  },
  {
    name: 'B: shopper comes back within 24 h, the bot answers again (bot-resolved)',
    messages: [
      { sender: 'customer', at: my('2025-06-05T11:00:00') },
      { sender: 'bot', at: my('2025-06-05T11:00:02') },
      { sender: 'customer', at: my('2025-06-05T15:00:00') },
      { sender: 'bot', at: my('2025-06-05T15:00:03') },
    ],
  },
  {
    name: 'C: the bot hands over, a person replies after 30 minutes',
    messages: [
      { sender: 'customer', at: my('2025-06-05T12:00:00') },
      { sender: 'bot', at: my('2025-06-05T12:00:01') },
      { sender: 'agent', at: my('2025-06-05T12:30:00') },
    ],
    events: [{ at: my('2025-06-05T12:00:01'), kind: 'handover', reason: 'low_confidence' }],
  },
  {
    name: 'D: bot off, a person replies after an hour',
    messages: [
      { sender: 'customer', at: my('2025-06-05T09:00:00') },
      { sender: 'agent', at: my('2025-06-05T10:00:00') },
    ],
  },
  {
    name: 'E: nobody replies, the deadline passed',
    messages: [{ sender: 'customer', at: my('2025-06-05T08:00:00') }],
  },
  {
    name: 'F: a person replies after 13 hours (late for Shopee’s 12 hours)',
    messages: [
      { sender: 'customer', at: my('2025-06-05T13:00:00') },
      { sender: 'agent', at: my('2025-06-06T02:00:00') },
    ],
  },
  {
    name: 'G: the shopper comes back and the bot’s reply fails (not resolved)',
    messages: [
      { sender: 'customer', at: my('2025-06-05T14:00:00') },
      { sender: 'bot', at: my('2025-06-05T14:00:05') },
      { sender: 'customer', at: my('2025-06-05T16:00:00') },
      { sender: 'bot', at: my('2025-06-05T16:00:03'), failed: true },
    ],
  },
  {
    name: 'H: two chats two days apart in one conversation',
    messages: [
      { sender: 'customer', at: my('2025-06-05T09:00:00') },
      { sender: 'bot', at: my('2025-06-05T09:00:03') },
      { sender: 'customer', at: my('2025-06-07T09:00:00') },
      { sender: 'agent', at: my('2025-06-07T09:10:00') },
    ],
  },
  {
    name: 'I: still open (the shopper wrote 2 hours ago)',
    messages: [
      { sender: 'customer', at: my('2025-06-10T10:00:00') },
      { sender: 'bot', at: my('2025-06-10T10:00:06') },
    ],
  },
  {
    name: 'J: unanswered, deadline not yet passed',
    messages: [{ sender: 'customer', at: my('2025-06-10T11:00:00') }],
  },
  {
    name: 'K: the shop wrote first; the chat starts with the shopper',
    messages: [
      { sender: 'agent', at: my('2025-06-05T08:00:00') },
      { sender: 'customer', at: my('2025-06-05T08:30:00') },
      { sender: 'bot', at: my('2025-06-05T08:30:02') },
    ],
  },
  {
    name: 'L: the shopper wrote while the shop’s bot was off; switched on 26 minutes later, it answered in 1 s',
    messages: [
      { sender: 'customer', at: my('2025-06-08T10:05:00') },
      { sender: 'bot', at: my('2025-06-08T10:31:01') },
    ],
  },
  {
    name: 'M: the bot off for this conversation; the merchant switched it on 40 minutes later, it answered in 1 s',
    messages: [
      { sender: 'customer', at: my('2025-06-08T11:05:00') },
      { sender: 'bot', at: my('2025-06-08T11:45:01') },
    ],
    events: [
      { at: my('2025-06-08T11:00:00'), kind: 'bot_disabled' },
      { at: my('2025-06-08T11:45:00'), kind: 'bot_enabled' },
    ],
  },
  {
    name: 'N: handed over in one chat, still handed over when the shopper came back; handed back 20 minutes later',
    messages: [
      { sender: 'customer', at: my('2025-06-06T12:00:00') },
      { sender: 'bot', at: my('2025-06-06T12:00:02') },
      { sender: 'agent', at: my('2025-06-06T12:10:00') },
      { sender: 'customer', at: my('2025-06-08T09:00:00') },
      { sender: 'bot', at: my('2025-06-08T09:20:01') },
    ],
    events: [
      { at: my('2025-06-06T12:00:02'), kind: 'handover', reason: 'asked_for_human' },
      { at: my('2025-06-08T09:20:00'), kind: 'handed_back' },
      { at: my('2025-06-08T09:20:00'), kind: 'bot_enabled' },
    ],
  },
  {
    name: 'O: bot off, a person answered; the bot, switched on with nobody waiting, answered the next question in 2 s',
    messages: [
      { sender: 'customer', at: my('2025-06-08T10:10:00') },
      { sender: 'agent', at: my('2025-06-08T10:20:00') },
      { sender: 'customer', at: my('2025-06-08T10:40:00') },
      { sender: 'bot', at: my('2025-06-08T10:40:02') },
    ],
  },
];

/** The figures of the last 7 days (4-10 June) for the set. */
export const expected = {
  chats: 17,
  shopperMessages: 20,
  closedChats: 15,
  botResolved: 7, // A, B, H's first chat, K, L, M, N's second chat
  botResolvedShare: 7 / 15,
  handedOver: 2, // C, N's first chat
  handoverRate: 2 / 17,
  // Bot first replies, from when the bot owed one: A 4, B 2, C 1, G 5, H 3, I 6, K 2; L 1 (not the
  // 26 min the bot was off), M 1 (not 40 min), N 2 and 1 (not 20 min), O 2 (not 30 min) seconds.
  botFirstResponse: { count: 12, medianMs: 2000, p90Ms: 4900 },
  // Person first replies: C 30 min, D 1 h, F 13 h, H 10 min, N 10 min, O 10 min.
  humanFirstResponse: { count: 6, medianMs: 1_200_000, p90Ms: 25_200_000 },
  unanswered: 2, // E, J
  // Due: every answered chat and E; J's 12 hours are not over. Late: E and F.
  window: { due: 16, within: 14, share: 14 / 16 },
};
