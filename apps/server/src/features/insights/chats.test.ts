import { responseDeadline } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import {
  type BotHistory,
  type Chat,
  type ChatMessage,
  isChatOpen,
  type ShopSwitch,
  shopSwitchAt,
  splitIntoChats,
} from './chats.ts';
import { conversations, expected, NOW, shopSwitches } from './definitions.fixture.ts';
import { weightedPercentile } from './insights.service.ts';

const switches: ShopSwitch[] = shopSwitches.map((s) => ({ enabled: s.enabled, at: new Date(s.at) }));
const shopHistory: BotHistory = {
  override: null,
  handedOver: false,
  shopOn: shopSwitchAt(switches, true),
  shopSwitches: switches,
};
const chatsOf = (name: string) => {
  const c = conversations.find((x) => x.name.startsWith(name))!;
  return splitIntoChats(
    c.messages.map((m) => ({ sender: m.sender, at: new Date(m.at), failed: m.failed ?? false })),
    (c.events ?? []).map((e) => ({ kind: e.kind, reason: e.reason ?? null, at: new Date(e.at) })),
    shopHistory,
  );
};
const all = () => conversations.flatMap((c) => chatsOf(c.name.slice(0, 2)));
const seconds = (from: Date, to: Date | null) => (to ? (to.getTime() - from.getTime()) / 1000 : null);

describe('chats', () => {
  it('cut a conversation where the shopper was quiet for 24 hours, and start with the shopper', () => {
    expect(all()).toHaveLength(expected.chats);
    const [first, second] = chatsOf('H:');
    expect(first?.startedAt.toISOString()).toBe('2025-06-05T01:00:00.000Z');
    expect(second?.startedAt.toISOString()).toBe('2025-06-07T01:00:00.000Z');
    // K: the shop's message before the shopper wrote belongs to no chat.
    expect(chatsOf('K:')).toEqual([expect.objectContaining({ agentReplies: 0, botReplies: 1 })]);
    // B: a shopper back within 24 h is the same chat.
    expect(chatsOf('B:')).toEqual([expect.objectContaining({ shopperMessages: 2, botReplies: 2 })]);
  });

  it('count as open until 24 hours after the shopper’s last message', () => {
    const open = all().filter((c) => isChatOpen(c, NOW));
    expect(open).toHaveLength(expected.chats - expected.closedChats);
    expect(isChatOpen({ lastShopperAt: new Date(NOW.getTime() - 24 * 3600_000) }, NOW)).toBe(false);
  });
});

describe('bot-resolved', () => {
  it('needs a bot reply, no person, no handover, and a bot reply after the shopper’s last message', () => {
    const resolved = (name: string) => chatsOf(name).map((c) => c.botResolved);
    expect(resolved('A:')).toEqual([true]);
    expect(resolved('B:')).toEqual([true]);
    expect(resolved('C:')).toEqual([false]); // handed over, a person wrote
    expect(resolved('D:')).toEqual([false]); // no bot reply
    expect(resolved('G:')).toEqual([false]); // the reply to the shopper's return failed
    expect(resolved('H:')).toEqual([true, false]);
    expect(resolved('K:')).toEqual([true]);
    const closed = all().filter((c) => !isChatOpen(c, NOW));
    expect(closed.filter((c) => c.botResolved)).toHaveLength(expected.botResolved);
  });
});

describe('handover', () => {
  it('marks the chat it happened in with the first reason', () => {
    expect(chatsOf('C:')).toEqual([
      expect.objectContaining({ handedOver: true, handoverReason: 'low_confidence' }),
    ]);
    expect(all().filter((c) => c.handedOver)).toHaveLength(expected.handedOver);
    const late = splitIntoChats(
      [
        { sender: 'customer', at: new Date('2025-01-01T00:00:00Z'), failed: false },
        { sender: 'customer', at: new Date('2025-01-03T00:00:00Z'), failed: false },
      ],
      [
        { kind: 'handover', reason: 'angry', at: new Date('2025-01-03T00:00:01Z') },
        { kind: 'handover', reason: 'asked_for_human', at: new Date('2025-01-03T00:05:00Z') },
        { kind: 'bot_enabled', reason: null, at: new Date('2025-01-01T00:00:01Z') },
      ],
    );
    expect(late.map((c) => [c.handedOver, c.handoverReason])).toEqual([
      [false, null],
      [true, 'angry'],
    ]);
  });
});

describe('first response', () => {
  const percentile = (values: number[], q: number) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = q * (sorted.length - 1);
    const low = Math.floor(at);
    return sorted[low]! + (at - low) * ((sorted[low + 1] ?? sorted[low]!) - sorted[low]!);
  };
  const samples = (pick: (c: Chat) => Date | null) =>
    all()
      .map((c) => seconds(c.startedAt, pick(c)))
      .filter((s): s is number => s !== null);

  const botSamples = () =>
    all()
      .filter((c) => c.botOwedAt && c.botAnsweredAt)
      .map((c) => seconds(c.botOwedAt!, c.botAnsweredAt)!);

  it('measures the bot from when it owed a reply and the shop’s people from the chat’s first shopper message', () => {
    const bot = botSamples();
    const human = samples((c) => c.firstAgentAt);
    expect(bot).toHaveLength(expected.botFirstResponse.count);
    expect(percentile(bot, 0.5) * 1000).toBe(expected.botFirstResponse.medianMs);
    expect(percentile(bot, 0.9) * 1000).toBeCloseTo(expected.botFirstResponse.p90Ms);
    expect(human).toHaveLength(expected.humanFirstResponse.count);
    expect(percentile(human, 0.5) * 1000).toBe(expected.humanFirstResponse.medianMs);
    expect(percentile(human, 0.9) * 1000).toBeCloseTo(expected.humanFirstResponse.p90Ms);
    // A failed reply is no reply: G's first bot reply is the one that reached the shopper.
    expect(seconds(chatsOf('G:')[0]!.startedAt, chatsOf('G:')[0]!.firstBotAt)).toBe(5);
    // The bot owes nothing while it is off: the shop's switch (L), the conversation's (M), a handover
    // kept from an earlier chat (N), and a question a person answered before it was on (O).
    const owed = (name: string, i = 0) => {
      const chat = chatsOf(name)[i]!;
      return [chat.botOwedAt?.toISOString(), seconds(chat.botOwedAt!, chat.botAnsweredAt)];
    };
    expect(owed('L:')).toEqual(['2025-06-08T02:31:00.000Z', 1]);
    expect(owed('M:')).toEqual(['2025-06-08T03:45:00.000Z', 1]);
    expect(owed('N:', 0)).toEqual(['2025-06-06T04:00:00.000Z', 2]);
    expect(owed('N:', 1)).toEqual(['2025-06-08T01:20:00.000Z', 1]);
    expect(owed('O:')).toEqual(['2025-06-08T02:40:00.000Z', 2]);
    // Counted from the chat's first message they would be 26 min, 40 min, 20 min and 30 min.
    expect(seconds(chatsOf('L:')[0]!.startedAt, chatsOf('L:')[0]!.firstBotAt)).toBe(26 * 60 + 1);
    expect(all().filter((c) => !c.firstBotAt && !c.firstAgentAt)).toHaveLength(expected.unanswered);
  });
});

describe('response window', () => {
  it('counts chats whose first reply came before the platform’s deadline, out of those due', () => {
    let due = 0;
    let within = 0;
    for (const chat of all()) {
      const deadline = responseDeadline('shopee', chat.startedAt, 'Asia/Kuala_Lumpur')!;
      const first = [chat.firstBotAt, chat.firstAgentAt]
        .filter((d): d is Date => d !== null)
        .sort((a, b) => a.getTime() - b.getTime())[0];
      if (first || deadline <= NOW) due++;
      if (first && first <= deadline) within++;
    }
    expect({ due, within }).toEqual({ due: expected.window.due, within: expected.window.within });
  });
});

describe('period percentiles from counted times', () => {
  it('match PostgreSQL’s percentile_cont over the same times', () => {
    // Bot first replies of the set: 1 (4 chats), 2 (4), 3, 4, 5, 6 seconds, as (time, chats) pairs.
    const pairs = [
      { v: 1000, n: 4 },
      { v: 2000, n: 4 },
      { v: 3000, n: 1 },
      { v: 4000, n: 1 },
      { v: 5000, n: 1 },
      { v: 6000, n: 1 },
    ];
    expect(weightedPercentile(pairs, 0.5)).toBe(expected.botFirstResponse.medianMs);
    expect(weightedPercentile(pairs, 0.9)).toBeCloseTo(expected.botFirstResponse.p90Ms);
    expect(weightedPercentile([{ v: 7, n: 1 }], 0.9)).toBe(7);
    expect(weightedPercentile([], 0.5)).toBeNull();
  });
});

describe('when the bot owes a reply', () => {
  const at = (minute: number) => new Date(Date.UTC(2025, 0, 1, 0, minute));
  const msg = (sender: ChatMessage['sender'], minute: number, failed = false): ChatMessage => ({
    sender,
    at: at(minute),
    failed,
  });
  const off: BotHistory = { override: null, handedOver: false, shopOn: () => false, shopSwitches: [] };

  it('reads the shop’s switch from its changes: before the first, the opposite of it; with none, as now', () => {
    const changes = [
      { enabled: true, at: at(10) },
      { enabled: false, at: at(20) },
    ];
    const on = shopSwitchAt(changes, true);
    expect([on(at(5)), on(at(10)), on(at(15)), on(at(20)), on(at(30))]).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
    expect(shopSwitchAt([], true)(at(0))).toBe(true);
    expect(shopSwitchAt([], false)(at(0))).toBe(false);
  });

  it('starts when the bot is switched on for a shopper already waiting, whichever switch it is', () => {
    const shop = [{ enabled: true, at: at(10) }];
    const byShop = splitIntoChats([msg('customer', 0), msg('bot', 11)], [], {
      ...off,
      shopOn: shopSwitchAt(shop, true),
      shopSwitches: shop,
    });
    expect(byShop[0]).toMatchObject({ botOwedAt: at(10), botAnsweredAt: at(11), firstBotAt: at(11) });
    // The conversation's own switch overrides the shop's, both ways.
    const own = splitIntoChats(
      [msg('customer', 0), msg('customer', 5), msg('bot', 21)],
      [{ kind: 'bot_enabled', reason: null, at: at(20) }],
      off,
    );
    expect(own[0]).toMatchObject({ botOwedAt: at(20), botAnsweredAt: at(21) });
    const quiet = splitIntoChats([msg('customer', 0), msg('agent', 30)], [], {
      ...off,
      override: false,
      shopOn: () => true,
    });
    expect(quiet[0]).toMatchObject({ botOwedAt: null, botAnsweredAt: null });
    // A hand-back ends the handover the conversation started with.
    const back = splitIntoChats(
      [msg('customer', 0), msg('bot', 16)],
      [{ kind: 'handed_back', reason: null, at: at(15) }],
      { ...off, shopOn: () => true, handedOver: true },
    );
    expect(back[0]).toMatchObject({ botOwedAt: at(15), handedOver: false });
  });

  it('owes nothing while no shopper waits, and a failed reply answers nothing', () => {
    const shop = [{ enabled: true, at: at(10) }];
    const history = { ...off, shopOn: shopSwitchAt(shop, true), shopSwitches: shop };
    const answered = splitIntoChats(
      [msg('customer', 0), msg('agent', 5), msg('customer', 40), msg('bot', 41)],
      [],
      history,
    );
    expect(answered[0]).toMatchObject({ botOwedAt: at(40), botAnsweredAt: at(41), firstAgentAt: at(5) });
    const failed = splitIntoChats([msg('customer', 20), msg('bot', 21, true), msg('bot', 25)], [], history);
    expect(failed[0]).toMatchObject({ botOwedAt: at(20), botAnsweredAt: at(25) });
  });

  it('takes a bot reply the record does not explain as the bot being on, from the oldest waiting message', () => {
    const chats = splitIntoChats([msg('customer', 0), msg('customer', 3), msg('bot', 4)], [], off);
    expect(chats[0]).toMatchObject({ botOwedAt: at(0), botAnsweredAt: at(4) });
    // A new chat is timed from its own first message, even if the previous one was never answered.
    const later = splitIntoChats(
      [msg('customer', 0), msg('customer', 60 * 25), msg('bot', 60 * 25 + 1)],
      [],
      off,
    );
    expect(later.map((c) => c.botOwedAt)).toEqual([null, at(60 * 25)]);
  });
});
