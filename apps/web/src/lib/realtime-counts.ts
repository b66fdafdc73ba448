import type { InboxCounts } from '@balas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client.ts';

/**
 * What needs the merchant, across their shops: read once per dashboard load and kept live by the
 * 'inbox.counts' event (./realtime-cache.ts). The shell, the shop cards and the tab title show it.
 */
export const inboxCountsKey = ['inbox', 'counts'] as const;

export const inboxCountsQuery = () =>
  queryOptions({
    queryKey: inboxCountsKey,
    queryFn: ({ signal }) => api<InboxCounts>('/inbox/counts', { signal }),
    staleTime: 60_000,
  });

export const useInboxCounts = () => useQuery(inboxCountsQuery());

const none = { needsYou: 0, unread: 0 };

/** One shop's counts (zeros until known). */
export function useShopAttention(shopId: string): { needsYou: number; unread: number } {
  const counts = useInboxCounts();
  return counts.data?.shops.find((s) => s.shopId === shopId) ?? none;
}

/** A count as badges show it: `99+` past 99. */
export const countText = (n: number) => (n > 99 ? '99+' : String(n));

/** The tab title's prefix: `(3) ` while conversations need the merchant, nothing otherwise. */
export const titleCount = (needsYou: number) => (needsYou > 0 ? `(${countText(needsYou)}) ` : '');

/** Asks the dashboard to open a conversation in the Inbox (a notification was clicked). */
export const openConversationEvent = 'balas:open-conversation';
