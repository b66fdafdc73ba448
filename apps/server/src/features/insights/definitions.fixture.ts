// A fixed, hand-made set of conversations of one Shopee shop in Malaysia (UTC+8), with the figures
// each Insights definition must give for it. Times are Malaysian wall-clock times.

export type Sender = 'customer' | 'agent' | 'bot';
export interface FixtureConversation {
  name: string;
  messages: { sender: Sender; at: string; failed?: boolean }[];
  handovers?: { at: string; reason: string }[];
}

/** "Now" for the whole set: 10 June 2025, 12:00 in Kuala Lumpur. */
export const NOW = new Date('2025-06-10T12:00:00+08:00');
const my = (local: string) => `${local}+08:00`;

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
    handovers: [{ at: my('2025-06-05T12:00:01'), reason: 'low_confidence' }],
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
];

/** The figures of the last 7 days (4-10 June) for the set. */
export const expected = {
  chats: 12,
  shopperMessages: 14,
  closedChats: 10,
  botResolved: 4, // A, B, H's first chat, K
  botResolvedShare: 0.4,
  handedOver: 1, // C
  handoverRate: 1 / 12,
  // Bot first replies: 1, 2, 2, 3, 4, 5, 6 seconds.
  botFirstResponse: { count: 7, medianMs: 3000, p90Ms: 5400 },
  // Person first replies: 10 min, 30 min, 1 h, 13 h.
  humanFirstResponse: { count: 4, medianMs: 2_700_000, p90Ms: 33_840_000 },
  unanswered: 2, // E, J
  // Due: every answered chat and E; J's 12 hours are not over. Late: E and F.
  window: { due: 11, within: 9, share: 9 / 11 },
};
