import { responseDeadline } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { type Chat, isChatOpen, splitIntoChats } from './chats.ts';
import { conversations, expected, NOW } from './definitions.fixture.ts';
import { weightedPercentile } from './insights.service.ts';

const chatsOf = (name: string) => {
  const c = conversations.find((x) => x.name.startsWith(name))!;
  return splitIntoChats(
    c.messages.map((m) => ({ sender: m.sender, at: new Date(m.at), failed: m.failed ?? false })),
    (c.handovers ?? []).map((h) => ({ kind: 'handover', reason: h.reason, at: new Date(h.at) })),
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

  it('measures the bot and the shop’s people apart, from the chat’s first shopper message', () => {
    const bot = samples((c) => c.firstBotAt);
    const human = samples((c) => c.firstAgentAt);
    expect(bot).toHaveLength(expected.botFirstResponse.count);
    expect(percentile(bot, 0.5) * 1000).toBe(expected.botFirstResponse.medianMs);
    expect(percentile(bot, 0.9) * 1000).toBeCloseTo(expected.botFirstResponse.p90Ms);
    expect(human).toHaveLength(expected.humanFirstResponse.count);
    expect(percentile(human, 0.5) * 1000).toBe(expected.humanFirstResponse.medianMs);
    expect(percentile(human, 0.9) * 1000).toBeCloseTo(expected.humanFirstResponse.p90Ms);
    // A failed reply is no reply: G's first bot reply is the one that reached the shopper.
    expect(seconds(chatsOf('G:')[0]!.startedAt, chatsOf('G:')[0]!.firstBotAt)).toBe(5);
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
    // Bot first replies of the set: 1, 2, 2, 3, 4, 5, 6 seconds, as (time, chats) pairs.
    const pairs = [
      { v: 1000, n: 1 },
      { v: 2000, n: 2 },
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
