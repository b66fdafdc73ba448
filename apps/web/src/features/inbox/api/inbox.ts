import {
  type InboxPage,
  type InboxRow,
  type InboxView,
  inboxViews,
  type Provider,
  providers,
} from '@balas/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api-client.ts';
import { inboxCountsKey } from '../../../lib/realtime-counts.ts';

/** What the Inbox lists: a view, optionally one shop and one channel, and a search. */
export interface InboxFilter {
  view: InboxView;
  shopId: string;
  channel: Provider | '';
  q: string;
}

/** What an /inbox address asks for (`view`, `shop`, `channel`, `q`); the view is null when it names none. */
export function inboxAddressOf(
  params: URLSearchParams,
): Omit<InboxFilter, 'view'> & { view: InboxView | null } {
  const view = params.get('view') ?? '';
  const channel = params.get('channel') ?? '';
  return {
    view: (inboxViews as readonly string[]).includes(view) ? (view as InboxView) : null,
    shopId: params.get('shop') ?? '',
    channel: (providers as readonly string[]).includes(channel) ? (channel as Provider) : '',
    q: params.get('q') ?? '',
  };
}

/** The view an address without one opens on: "Needs you" when something does, else everything. */
export const defaultInboxView = (needsYou: number): InboxView => (needsYou > 0 ? 'needs_you' : 'all');

export const inboxKeys = {
  all: ['inbox'] as const,
  lists: ['inbox', 'list'] as const,
  list: (f: InboxFilter) => ['inbox', 'list', f] as const,
  /** One conversation's row, as last read or pushed: the open chat's header follows it. */
  row: (id: string) => ['inbox', 'row', id] as const,
};

export type InboxData = InfiniteData<InboxPage, string | null>;

export const inboxListQuery = (f: InboxFilter) =>
  infiniteQueryOptions({
    queryKey: inboxKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam, signal }) => {
      const query = {
        view: f.view,
        shopId: f.shopId || undefined,
        channel: f.channel || undefined,
        q: f.q || undefined,
        cursor: pageParam ?? undefined,
      };
      // The list answer is `{ data, nextCursor }`: read whole, not unwrapped.
      return api<InboxPage>('/inbox/conversations', { query, signal, whole: true });
    },
    getNextPageParam: (last) => last.nextCursor,
  });

export const useInboxList = (f: InboxFilter) => useInfiniteQuery(inboxListQuery(f));

/**
 * One conversation's row: read from the server when not known yet (a chat opened from a shop's list
 * or a notification), then kept current by actions and events (`applyRow`).
 */
export const useInboxRow = (id: string, known?: InboxRow) =>
  useQuery({
    queryKey: inboxKeys.row(id),
    queryFn: ({ signal }) => api<InboxRow>(`/inbox/conversations/${encodeURIComponent(id)}`, { signal }),
    enabled: !!id,
    initialData: known,
    staleTime: 60_000,
  });

/** Whether a row belongs in a view: the server says, by its one rule (views/inbox-state.ts). */
export const rowInView = (row: InboxRow, view: InboxView): boolean => row.views.includes(view);

/** Whether a row belongs in a list (view, shop, channel); a searched list keeps only rows it had. */
export function rowInList(row: InboxRow, f: InboxFilter): boolean {
  return (
    rowInView(row, f.view) &&
    (!f.shopId || row.shopId === f.shopId) &&
    (!f.channel || row.channel === f.channel)
  );
}

/**
 * The list's order: newest activity first; "Needs you" by reply deadline first (none last),
 * "Snoozed" the soonest to wake first.
 */
export function compareRows(view: InboxView) {
  return (a: InboxRow, b: InboxRow): number => {
    const first = view === 'needs_you' ? 'replyDueAt' : view === 'snoozed' ? 'snoozedUntil' : null;
    if (first) {
      const da = a[first] ? Date.parse(a[first]) : Number.POSITIVE_INFINITY;
      const db = b[first] ? Date.parse(b[first]) : Number.POSITIVE_INFINITY;
      if (da !== db) return da < db ? -1 : 1;
    }
    const ta = Date.parse(a.lastMessageAt);
    const tb = Date.parse(b.lastMessageAt);
    if (ta !== tb) return tb - ta;
    return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
  };
}

/**
 * Puts a changed row where it belongs in one cached list: out of it when it no longer matches, in its
 * sorted place among the loaded rows when it does (a row that sorts after the last loaded one waits
 * for its page, so nothing is shown twice).
 */
export function placeRow(data: InboxData | undefined, row: InboxRow, f: InboxFilter): InboxData | undefined {
  if (!data) return data;
  const had = data.pages.some((p) => p.data.some((r) => r.id === row.id));
  const pages = data.pages.map((p) => ({ ...p, data: p.data.filter((r) => r.id !== row.id) }));
  const belongs = rowInList(row, f) && (!f.q || had);
  if (!belongs) return had ? { ...data, pages } : data;
  const compare = compareRows(f.view);
  for (let i = 0; i < pages.length; i++) {
    const page = pages[i]!;
    const at = page.data.findIndex((r) => compare(row, r) < 0);
    if (at === -1) continue;
    pages[i] = { ...page, data: [...page.data.slice(0, at), row, ...page.data.slice(at)] };
    return { ...data, pages };
  }
  // After every loaded row: the end of the list, unless more pages are still to load.
  const last = pages.at(-1);
  if (last && !last.nextCursor) pages[pages.length - 1] = { ...last, data: [...last.data, row] };
  return { ...data, pages };
}

/** A row the server answered or pushed: every cached list and the row's own entry follow it. */
export function applyRow(client: QueryClient, row: InboxRow) {
  client.setQueryData(inboxKeys.row(row.id), row);
  for (const [key] of client.getQueriesData<InboxData>({ queryKey: inboxKeys.lists })) {
    const filter = key[2] as InboxFilter | undefined;
    if (!filter) continue;
    client.setQueryData<InboxData>(key, (data) => placeRow(data, row, filter));
  }
}

/** `applyRow` for a component: e.g. the row a draft's send or discard was answered with. */
export function useApplyRow() {
  const client = useQueryClient();
  return useCallback((row: InboxRow) => applyRow(client, row), [client]);
}

type Action = 'resolve' | 'reopen' | 'hand-back' | 'snooze';

/** Resolve, reopen, hand back to the bot, snooze: the answered row updates every list at once. */
export function useInboxAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, until }: { id: string; action: Action; until?: string }) =>
      api<InboxRow>(`/inbox/conversations/${encodeURIComponent(id)}/${action}`, {
        method: 'POST',
        body: action === 'snooze' ? { until } : {},
      }),
    onSuccess: (row) => {
      applyRow(client, row);
      void client.invalidateQueries({ queryKey: inboxCountsKey });
    },
  });
}
