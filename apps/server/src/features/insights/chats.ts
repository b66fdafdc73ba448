// The unit of every Insights figure: the chat. A conversation on a marketplace lives as long as the
// shopper and the shop do, so it is cut into chats: a chat starts with a shopper message that comes
// 24 hours or more after the shopper's previous one (or is the first), and holds every message until
// the next such start. The words shown to merchants are in contracts (insightsMessages.definitions).

export const CHAT_QUIET_MS = 24 * 3600_000;

export interface ChatMessage {
  sender: 'customer' | 'agent' | 'bot';
  at: Date;
  /** A shop-side message that never reached the shopper does not count as a reply. */
  failed: boolean;
}

export interface ChatEvent {
  /** 'handover', 'handed_back', 'bot_enabled', 'bot_disabled' change who answers; others are ignored. */
  kind: string;
  reason: string | null;
  at: Date;
}

/** A change of the shop's bot switch (the default of its conversations). */
export interface ShopSwitch {
  enabled: boolean;
  at: Date;
}

/**
 * Whether the bot answers in the conversation, as recorded: the conversation's own switch (null: it
 * follows the shop's), whether it is handed over to the shop's people (the bot is quiet until handed
 * back), and the shop's switch at any time.
 */
export interface BotHistory {
  /** The conversation's switch before the first message and event given. */
  override: boolean | null;
  /** Handed over before the first message and event given. */
  handedOver: boolean;
  /** The shop's switch at a time, and its changes (when the bot may have come on). */
  shopOn: (at: Date) => boolean;
  shopSwitches: ShopSwitch[];
}

/** With no record of switches: the bot was on throughout. */
export const ALWAYS_ON: BotHistory = {
  override: null,
  handedOver: false,
  shopOn: () => true,
  shopSwitches: [],
};

/**
 * The shop's switch at any time from its recorded changes (oldest first; each a real change) and its
 * value now: the last change at or before the time; before the first change, the opposite of it;
 * with no change recorded, the value now.
 */
export function shopSwitchAt(changes: ShopSwitch[], now: boolean): (at: Date) => boolean {
  return (at) => {
    let last: ShopSwitch | undefined;
    for (const c of changes) {
      if (c.at.getTime() <= at.getTime()) last = c;
      else return last ? last.enabled : !c.enabled;
    }
    return last ? last.enabled : now;
  };
}

export interface Chat {
  startedAt: Date;
  lastShopperAt: Date;
  shopperMessages: number;
  botReplies: number;
  agentReplies: number;
  firstBotAt: Date | null;
  firstAgentAt: Date | null;
  /**
   * When the bot first owed the shopper a reply in this chat: the first shopper message sent while
   * the bot was on for the conversation, or the moment it was switched on (or handed back) while a
   * shopper message was waiting. A bot reply the record does not explain (no switch recorded before
   * it) owes from the oldest waiting shopper message.
   */
  botOwedAt: Date | null;
  /** The bot's first reply at or after `botOwedAt`: its first response is the time between the two. */
  botAnsweredAt: Date | null;
  handedOver: boolean;
  /** The reason code of the chat's first handover. */
  handoverReason: string | null;
  /**
   * The bot replied, no person of the shop wrote, nothing was handed over, and the bot replied after
   * the shopper's last message (a shopper who came back was answered again, not left waiting).
   */
  botResolved: boolean;
}

/** A chat is open until 24 hours after the shopper's last message: its outcome may still change. */
export const isChatOpen = (chat: Pick<Chat, 'lastShopperAt'>, now: Date) =>
  now.getTime() - chat.lastShopperAt.getTime() < CHAT_QUIET_MS;

const SWITCHES = new Set(['handover', 'handed_back', 'bot_enabled', 'bot_disabled']);

type Moment =
  | { at: number; order: 0; event: ChatEvent }
  | { at: number; order: 0; shop: ShopSwitch }
  | { at: number; order: 1; message: ChatMessage };

/**
 * Cuts a conversation's messages (oldest first) into chats, with the handovers among its events.
 * Shop-side messages before the first shopper message belong to no chat. `bot` is what was recorded
 * of who answers (default: the bot was on throughout); at the same instant a switch comes before a
 * message.
 */
export function splitIntoChats(
  messages: ChatMessage[],
  events: ChatEvent[],
  bot: BotHistory = ALWAYS_ON,
): Chat[] {
  const chats: (Chat & { botAfterShopper: boolean })[] = [];
  let current: (typeof chats)[number] | undefined;
  const moments: Moment[] = [
    ...events
      .filter((e) => SWITCHES.has(e.kind))
      .map((event) => ({ at: event.at.getTime(), order: 0 as const, event })),
    ...bot.shopSwitches.map((shop) => ({ at: shop.at.getTime(), order: 0 as const, shop })),
    ...messages.map((message) => ({ at: message.at.getTime(), order: 1 as const, message })),
  ];
  // Stable: messages keep their order among themselves.
  moments.sort((a, b) => a.at - b.at || a.order - b.order);
  let override = bot.override;
  let handedOver = bot.handedOver;
  /** The oldest shopper message no reply of the shop has followed yet. */
  let waitingSince: Date | null = null;
  const botOn = (at: Date) => !handedOver && (override ?? bot.shopOn(at));
  for (const moment of moments) {
    if (!('message' in moment)) {
      const at = new Date(moment.at);
      // The shop's switch is read from its history: just before its change, and at it.
      const before = 'shop' in moment ? botOn(new Date(moment.at - 1)) : botOn(at);
      if ('event' in moment) {
        if (moment.event.kind === 'handover') handedOver = true;
        else if (moment.event.kind === 'handed_back') handedOver = false;
        else override = moment.event.kind === 'bot_enabled';
      }
      if (!before && botOn(at) && current && waitingSince && !current.botOwedAt) current.botOwedAt = at;
      continue;
    }
    const m = moment.message;
    if (m.sender === 'customer') {
      if (!current || m.at.getTime() - current.lastShopperAt.getTime() >= CHAT_QUIET_MS) {
        current = {
          startedAt: m.at,
          lastShopperAt: m.at,
          shopperMessages: 0,
          botReplies: 0,
          agentReplies: 0,
          firstBotAt: null,
          firstAgentAt: null,
          botOwedAt: null,
          botAnsweredAt: null,
          handedOver: false,
          handoverReason: null,
          botResolved: false,
          botAfterShopper: false,
        };
        chats.push(current);
        // A new chat is timed from its own first message.
        waitingSince = m.at;
      }
      current.shopperMessages++;
      current.lastShopperAt = m.at;
      current.botAfterShopper = false;
      waitingSince ??= m.at;
      if (!current.botOwedAt && botOn(m.at)) current.botOwedAt = m.at;
    } else if (current && !m.failed) {
      if (m.sender === 'bot') {
        current.botReplies++;
        current.firstBotAt ??= m.at;
        current.botAfterShopper = true;
        // The bot answered, so it was on: a switch the record does not hold.
        if (!current.botOwedAt && waitingSince) current.botOwedAt = waitingSince;
        if (current.botOwedAt) current.botAnsweredAt ??= m.at;
      } else {
        current.agentReplies++;
        current.firstAgentAt ??= m.at;
      }
      waitingSince = null;
    }
  }
  const handovers = events
    .filter((e) => e.kind === 'handover')
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  for (const e of handovers) {
    // The chat the handover happened in: the last one started at or before it.
    const chat = chats.findLast((c) => c.startedAt.getTime() <= e.at.getTime());
    if (!chat || chat.handedOver) continue;
    chat.handedOver = true;
    chat.handoverReason = e.reason;
  }
  return chats.map(({ botAfterShopper, ...chat }) => ({
    ...chat,
    botResolved: chat.botReplies > 0 && chat.agentReplies === 0 && !chat.handedOver && botAfterShopper,
  }));
}
