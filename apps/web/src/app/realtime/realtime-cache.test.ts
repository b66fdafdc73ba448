import type { InboxCounts, InboxRow } from '@balas/contracts';
import { InfiniteQueryObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { type InboxData, type InboxFilter, inboxKeys } from '../../features/inbox/api/inbox.ts';
import { messagesKey } from '../../features/inbox/api/messages.ts';
import { inboxCountsKey } from '../../lib/realtime-counts.ts';
import { applyRealtimeEvent, realtimeEventNames } from './realtime-cache.ts';

/** A row listed in "All" and in its state's view (the server says which views: `views`). */
const row = (id: string, over: Partial<InboxRow> = {}): InboxRow => {
  const r = rowOf(id, over);
  return { ...r, views: over.views ?? ['all', r.state === 'draft' ? 'drafts' : r.state] };
};
const rowOf = (id: string, over: Partial<InboxRow>): Omit<InboxRow, 'views'> => ({
  id,
  shopId: 's1',
  shopName: 'Kedai Comel',
  channel: 'shopee',
  externalId: `x-${id}`,
  shopperName: `Shopper ${id}`,
  lastMessage: 'hello',
  lastMessageAt: '2026-11-24T10:00:00.000Z',
  lastFrom: 'shopper',
  unreadCount: 1,
  state: 'bot',
  stateReason: null,
  stateReasonText: null,
  botEnabled: true,
  botInherited: true,
  snoozedUntil: null,
  replyDueAt: null,
  ...over,
});

const filter = (view: InboxFilter['view'], over: Partial<InboxFilter> = {}): InboxFilter => ({
  view,
  shopId: '',
  channel: '',
  q: '',
  ...over,
});

function seed(client: QueryClient, f: InboxFilter, rows: InboxRow[], nextCursor: string | null = null) {
  client.setQueryData<InboxData>(inboxKeys.list(f), {
    pages: [{ data: rows, nextCursor }],
    pageParams: [null],
  });
}
const ids = (client: QueryClient, f: InboxFilter) =>
  client.getQueryData<InboxData>(inboxKeys.list(f))?.pages.flatMap((p) => p.data.map((r) => r.id));

describe('realtime events mapped to the cache (one place)', () => {
  it('handles every event of the contract', () => {
    expect([...realtimeEventNames].sort()).toEqual(
      ['conversation.message', 'inbox.counts', 'inbox.updated', 'shop.conversation'].sort(),
    );
  });

  it('moves an updated row into the views it now belongs to and out of the others', () => {
    const client = new QueryClient();
    const needsYou = filter('needs_you');
    const bot = filter('bot');
    const all = filter('all');
    seed(client, needsYou, []);
    seed(client, bot, [row('a'), row('b', { lastMessageAt: '2026-11-24T09:00:00.000Z' })]);
    seed(client, all, [row('a'), row('b', { lastMessageAt: '2026-11-24T09:00:00.000Z' })]);

    const handedOver = row('b', {
      state: 'needs_you',
      stateReason: 'asked_for_human',
      lastMessageAt: '2026-11-24T11:00:00.000Z',
    });
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'b', shopId: 's1', row: handedOver });

    expect(ids(client, needsYou)).toEqual(['b']);
    expect(ids(client, bot)).toEqual(['a']);
    // Newest activity first in "All".
    expect(ids(client, all)).toEqual(['b', 'a']);
    expect(client.getQueryData(inboxKeys.row('b'))).toEqual(handedOver);
  });

  it('keeps a shop filter and a channel filter', () => {
    const client = new QueryClient();
    const otherShop = filter('all', { shopId: 's2' });
    const lazada = filter('all', { channel: 'lazada' });
    seed(client, otherShop, []);
    seed(client, lazada, []);
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'a', shopId: 's1', row: row('a') });
    expect(ids(client, otherShop)).toEqual([]);
    expect(ids(client, lazada)).toEqual([]);
  });

  it('sorts "Needs you" by reply deadline, rows without one last', () => {
    const client = new QueryClient();
    const f = filter('needs_you');
    seed(client, f, [
      row('late', { state: 'needs_you', replyDueAt: '2026-11-24T20:00:00.000Z' }),
      row('none', { state: 'needs_you', replyDueAt: null }),
    ]);
    const soon = row('soon', {
      state: 'needs_you',
      replyDueAt: '2026-11-24T12:00:00.000Z',
      lastMessageAt: '2026-11-24T08:00:00.000Z',
    });
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'soon', shopId: 's1', row: soon });
    expect(ids(client, f)).toEqual(['soon', 'late', 'none']);
  });

  it('sorts "Snoozed" by the time each wakes, and a row the server lists in two views goes to both', () => {
    const client = new QueryClient();
    const snoozed = filter('snoozed');
    seed(client, snoozed, [row('later', { state: 'snoozed', snoozedUntil: '2026-11-25T09:00:00.000Z' })]);
    const soon = row('soon', {
      state: 'snoozed',
      snoozedUntil: '2026-11-24T18:00:00.000Z',
      lastMessageAt: '2026-11-24T08:00:00.000Z',
    });
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'soon', shopId: 's1', row: soon });
    expect(ids(client, snoozed)).toEqual(['soon', 'later']);
    // The bot answered: waiting on the shopper, and still the bot's.
    const waiting = filter('waiting');
    const bot = filter('bot');
    seed(client, waiting, []);
    seed(client, bot, []);
    const answered = row('b', { state: 'waiting', lastFrom: 'bot', views: ['waiting', 'bot', 'all'] });
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'b', shopId: 's1', row: answered });
    expect(ids(client, waiting)).toEqual(['b']);
    expect(ids(client, bot)).toEqual(['b']);
    expect(ids(client, snoozed)).toEqual(['soon', 'later']);
  });

  it('leaves a row that sorts after the loaded ones to its own page', () => {
    const client = new QueryClient();
    const f = filter('all');
    seed(client, f, [row('a')], 'cursor-2');
    const old = row('old', { lastMessageAt: '2026-01-01T00:00:00.000Z' });
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'old', shopId: 's1', row: old });
    expect(ids(client, f)).toEqual(['a']);
  });

  it('adds nothing new to a searched list (the server decides what matches), but updates its rows', () => {
    const client = new QueryClient();
    const f = filter('all', { q: 'stroller' });
    seed(client, f, [row('a')]);
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'z', shopId: 's1', row: row('z') });
    applyRealtimeEvent(client, 'inbox.updated', {
      conversationId: 'a',
      shopId: 's1',
      row: row('a', { lastMessage: 'updated' }),
    });
    const data = client.getQueryData<InboxData>(inboxKeys.list(f));
    expect(data?.pages[0]?.data.map((r) => [r.id, r.lastMessage])).toEqual([['a', 'updated']]);
  });

  it('puts the counts where the shell reads them', () => {
    const client = new QueryClient();
    const each = { needsYou: 3, drafts: 0, waiting: 2, snoozed: 1, unread: 5, bot: 4, resolved: 6, all: 16 };
    const counts: InboxCounts = { ...each, shops: [{ shopId: 's1', ...each }] };
    applyRealtimeEvent(client, 'inbox.counts', counts);
    expect(client.getQueryData(inboxCountsKey)).toEqual(counts);
  });

  it('adds a pushed message to its chat, scoped by shop', () => {
    const client = new QueryClient();
    const key = messagesKey('s1', 'conv-1');
    client.setQueryData(key, { pages: [{ bubbles: [], next: '' }], pageParams: [''] });
    client.setQueryData(messagesKey('s2', 'conv-1'), {
      pages: [{ bubbles: [], next: '' }],
      pageParams: [''],
    });
    applyRealtimeEvent(client, 'conversation.message', {
      shopId: 's1',
      conversationId: 'conv-1',
      message: {
        id: 'm1',
        message_id: '123',
        source: 'shopper',
        sender: 'customer',
        message_type: 'text',
        from_id: '9',
        created_timestamp: 1_700_000_000,
        content: { text: 'hi' },
        status: 'sent',
        error: null,
      } as never,
    });
    const bubbles = (d: unknown) => (d as { pages: { bubbles: { id: string }[] }[] }).pages[0]?.bubbles;
    expect(bubbles(client.getQueryData(key))?.map((b) => b.id)).toEqual(['m1']);
    expect(bubbles(client.getQueryData(messagesKey('s2', 'conv-1')))).toEqual([]);
  });

  it('reads a list again when an event lands while a read of it, answered before the change, is in flight', async () => {
    const client = new QueryClient();
    const f = filter('needs_you');
    // The server's "Needs you": empty when the first read is answered, the handed-over chat after.
    let served: InboxRow[] = [];
    let reads = 0;
    let answerFirst: (() => void) | undefined;
    const observer = new InfiniteQueryObserver(client, {
      queryKey: inboxKeys.list(f),
      initialPageParam: null as string | null,
      getNextPageParam: () => null,
      queryFn: async () => {
        reads++;
        const page = { data: served, nextCursor: null };
        if (reads === 1) await new Promise<void>((resolve) => (answerFirst = resolve));
        return page;
      },
    });
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(answerFirst).toBeDefined());

    const handedOver = row('b', { state: 'needs_you' });
    served = [handedOver];
    applyRealtimeEvent(client, 'inbox.updated', { conversationId: 'b', shopId: 's1', row: handedOver });
    answerFirst?.();

    await vi.waitFor(() => expect(ids(client, f)).toEqual(['b']));
    expect(reads).toBe(2);
    unsubscribe();
  });
});
