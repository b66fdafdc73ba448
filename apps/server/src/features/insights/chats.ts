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
  kind: string;
  reason: string | null;
  at: Date;
}

export interface Chat {
  startedAt: Date;
  lastShopperAt: Date;
  shopperMessages: number;
  botReplies: number;
  agentReplies: number;
  firstBotAt: Date | null;
  firstAgentAt: Date | null;
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

/**
 * Cuts a conversation's messages (oldest first) into chats, with the handovers among its events.
 * Shop-side messages before the first shopper message belong to no chat.
 */
export function splitIntoChats(messages: ChatMessage[], events: ChatEvent[]): Chat[] {
  const chats: (Chat & { botAfterShopper: boolean })[] = [];
  let current: (typeof chats)[number] | undefined;
  for (const m of messages) {
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
          handedOver: false,
          handoverReason: null,
          botResolved: false,
          botAfterShopper: false,
        };
        chats.push(current);
      }
      current.shopperMessages++;
      current.lastShopperAt = m.at;
      current.botAfterShopper = false;
    } else if (current && !m.failed) {
      if (m.sender === 'bot') {
        current.botReplies++;
        current.firstBotAt ??= m.at;
        current.botAfterShopper = true;
      } else {
        current.agentReplies++;
        current.firstAgentAt ??= m.at;
      }
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
