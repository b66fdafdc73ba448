// Part of the merchant glossary (`glossary.chatBot`): the bot's state in one conversation, as the shop
// page's chips and the chat's header and banner say it. A module of its own so that the Inbox, which
// shows these, does not load the rest of the glossary.

export const chatBotWords = {
  /**
   * The conversation follows the shop's switch (spec §4's 'Not live' when never set): what the bot
   * does there, short enough to leave the shopper's name its room; the hint says whose setting it is.
   */
  shopOn: 'Bot on',
  shopOff: 'Bot off',
  on: 'Enabled',
  off: 'Disabled',
  handedOver: 'Transferred to Agent',
  followsShopHint: 'This chat follows the shop’s chatbot switch; its own switch sets it for this chat only.',
  ownHint: 'Set for this chat only.',
  label: 'Chatbot',
  followsShop: (on: boolean) => `${on ? 'On' : 'Off'}, as set for the shop`,
  ownSetting: (on: boolean) => `${on ? 'On' : 'Off'} for this conversation`,
  /** Handed over: whatever the switch says, the bot is quiet here (the header says what the banner says). */
  paused: 'Quiet here until you hand the chat back',
  pausedBanner: 'The chatbot stays quiet in this chat until you hand it back.',
  /** Needs the merchant with no handover: the bot is off, or it was on and did not answer. */
  waitingBotOff: 'The shopper is waiting for your reply: the chatbot is off here',
  waitingBotOn: 'The shopper is waiting for your reply: the chatbot did not answer this message',
} as const;
