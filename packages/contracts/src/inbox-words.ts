// The dashboard's words for the one inbox (issue 15): views, states, actions, snoozes, the reply
// countdown, saved replies and alerts. The server's own inbox messages (errors) are `messages.inbox`.
import type { InboxState, InboxView } from './inbox-views.ts';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

export const inboxWords = {
  title: 'Inbox',
  subtitle: 'Every conversation of your shops in one place, with what needs you first.',
  views: {
    needs_you: 'Needs you',
    drafts: 'Drafts',
    waiting: 'Waiting on shopper',
    snoozed: 'Snoozed',
    unread: 'Unread',
    bot: 'Bot handling',
    resolved: 'Resolved',
    all: 'All',
  } satisfies Record<InboxView, string>,
  /** What an empty view says. */
  emptyView: {
    needs_you: 'Nothing needs you right now. Handovers and shoppers waiting for you appear here.',
    drafts:
      'No drafts waiting. With draft mode on, the chatbot’s answers wait here for you to send, edit or discard.',
    waiting:
      'No conversation is waiting on a shopper. Chats you or the chatbot answered wait here until the shopper writes back.',
    snoozed:
      'No snoozed conversations. A snoozed chat comes back to Needs you at its time, or when the shopper writes.',
    unread: 'No unread messages.',
    bot: 'The chatbot is not handling any conversation right now.',
    resolved: 'No resolved conversations yet.',
    all: 'No conversations yet. Chats made after your shop is connected appear here.',
  } satisfies Record<InboxView, string>,
  noMatch: 'No conversations match your search.',
  allShops: 'All shops',
  allChannels: 'All channels',
  searchLabel: 'Search shoppers and messages',
  pickConversation: 'Choose a conversation to read it here.',
  back: 'Back to the inbox',
  /** The state chip of a conversation. */
  states: {
    bot: 'Bot answering',
    needs_you: 'Needs you',
    draft: 'Draft to approve',
    waiting: 'Waiting for shopper',
    resolved: 'Resolved',
    snoozed: 'Snoozed',
  } satisfies Record<InboxState, string>,
  snoozedUntil: (when: string) => `Snoozed until ${when}`,
  /** A snoozed row in the list: when it comes back to "Needs you". */
  wakes: (when: string) => `Wakes ${when}`,
  wakesHint: 'It comes back to Needs you then, or as soon as the shopper writes.',
  /** Why a chat the shop wrote last to needs the merchant: their snooze ended. */
  snoozeEnded: 'Your snooze ended: it is back for you to follow up.',
  unread: (n: number) => `${plural(n, 'unread message')}`,
  fromBot: 'Bot: ',
  fromStaff: 'You: ',
  // The bot's state in one conversation (its switch, why it is quiet) is the glossary's `chatBot`.
  actions: {
    menu: 'Conversation actions',
    resolve: 'Resolve',
    reopen: 'Reopen',
    handBack: 'Hand back to bot',
    snooze: 'Snooze',
    resolved: 'Conversation resolved',
    reopened: 'Conversation reopened',
    handedBack: 'The chatbot answers this conversation again',
    snoozed: (when: string) => `Snoozed until ${when}`,
  },
  snooze: {
    oneHour: 'For 1 hour',
    tomorrow: 'Until tomorrow, 9:00',
    nextWeek: 'Until next Monday, 9:00',
    custom: 'Pick a date and time…',
    customTitle: 'Snooze until',
    customLabel: 'Date and time',
    confirm: 'Snooze',
    cancel: 'Cancel',
  },
  /** The reply countdown of a marketplace chat (its platform's response window). */
  countdown: (msLeft: number) => {
    const minutes = Math.floor(Math.abs(msLeft) / 60_000);
    const span = minutes >= 60 ? `${Math.floor(minutes / 60)} h` : `${Math.max(1, minutes)} min`;
    return msLeft > 0 ? `${span} left` : `${span} late`;
  },
  countdownHint: (platform: string) =>
    `Time left to reply before the chat counts against the shop's ${platform} chat response rate`,
  reconnecting: 'Reconnecting…',
  savedReplies: {
    title: 'Saved replies',
    manage: 'Manage saved replies',
    hint: 'Type / in a reply to insert one. They work in all your shops.',
    empty: 'No saved replies yet.',
    noMatch: 'No saved reply matches.',
    add: 'New saved reply',
    edit: 'Edit saved reply',
    shortcut: 'Shortcut',
    shortcutHint: 'Lowercase letters, digits, - and _ (type /shortcut in a reply)',
    text: 'Reply text',
    save: 'Save',
    cancel: 'Cancel',
    delete: 'Delete',
    deleteConfirm: (shortcut: string) => `Delete the saved reply /${shortcut}?`,
    saveAsReply: 'Save as reply',
    saved: 'Saved reply added',
    pickerLabel: 'Saved replies',
    close: 'Close',
  },
  /** The countdown's reply window, per marketplace shop. */
  windows: {
    title: 'Reply windows',
    intro:
      "The countdown on a conversation shows the time left before an unanswered chat counts against the shop's chat response rate. It follows each platform's published rule unless you set a number of hours for a shop.",
    hours: 'Hours to reply',
    hoursHint: 'Leave empty to follow the platform',
    none: 'Website chats have no reply window. Connect a Shopee or Lazada shop to see its countdown.',
  },
  alerts: {
    title: 'Alerts',
    notify: 'Browser notification when a conversation needs you',
    sound: 'Play a sound when a conversation needs you',
    blocked: 'This browser blocks notifications from Balas. Allow them in the site settings to turn this on.',
    unsupported: 'This browser cannot show notifications.',
    where: 'These settings are kept in this browser only.',
  },
} as const;
