import type { LazadaSessionView, Shop, ShopeeConversationView } from '@balas/contracts';
import { channelOf, chatShapeOf } from '@balas/contracts';
import {
  type InfiniteData,
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** One row of the list, whatever the platform. */
export interface ConversationRow {
  id: string;
  externalId: string;
  customerId: string;
  name: string;
  latestText: string;
  latestAt: number;
  newMsg: boolean;
  isEnable: boolean | null;
  isAgent: boolean;
  handoverReason: string | null;
}

export const rowFromShopeeView = (c: ShopeeConversationView): ConversationRow => ({
  id: c.id,
  externalId: c.conversation_id,
  customerId: c.to_id,
  name: c.to_name,
  latestText: c.latest_message_content.text,
  latestAt: Number(BigInt(c.last_message_timestamp) / 1_000_000n),
  newMsg: c.newMsg,
  isEnable: c.is_enable,
  isAgent: c.is_agent,
  handoverReason: c.handover_reason,
});

export const fromLazada = (s: LazadaSessionView): ConversationRow => ({
  id: s.id,
  externalId: s.session_id,
  customerId: s.buyer_id,
  name: s.title,
  latestText: s.summary,
  latestAt: s.last_message_time,
  newMsg: s.newMsg,
  isEnable: s.is_enable,
  isAgent: s.is_agent,
  handoverReason: s.handover_reason,
});

interface Page {
  rows: ConversationRow[];
  next: { at: string; id: string } | null;
}

export const conversationsKey = (shopId: string, search = '') => ['conversations', shopId, search] as const;
const PAGE_SIZE = 20;

export const conversationsQuery = (shop: Shop, search = '') =>
  infiniteQueryOptions({
    queryKey: conversationsKey(shop.id, search),
    initialPageParam: null as Page['next'],
    queryFn: async ({ pageParam, signal }): Promise<Page> => {
      if (chatShapeOf(shop.providerName) === 'sessions') {
        const page = await api<{
          session_list: LazadaSessionView[];
          next_start_time: string;
          next_cursor_id: string;
          has_more: boolean;
        }>(`/${channelOf(shop.providerName).routeSegment}/v1/${shop.id}`, {
          query: {
            direction: 'older',
            type: 'all',
            page_size: PAGE_SIZE,
            start_time: pageParam?.at,
            cursor_id: pageParam?.id,
            search,
          },
          signal,
        });
        return {
          rows: page.session_list.map(fromLazada),
          next: page.has_more ? { at: page.next_start_time, id: page.next_cursor_id } : null,
        };
      }
      const page = await api<{
        conversations: ShopeeConversationView[];
        page_result: {
          more: boolean;
          next_cursor: { next_message_time_nano: string; conversation_id: string };
        };
      }>(`/${channelOf(shop.providerName).routeSegment}/v1/${shop.id}`, {
        query: {
          direction: 'older',
          type: 'all',
          page_size: PAGE_SIZE,
          next_timestamp_nano: pageParam?.at,
          cursor_id: pageParam?.id,
          search,
        },
        signal,
      });
      const next = page.page_result.next_cursor;
      return {
        rows: page.conversations.map(rowFromShopeeView),
        next: page.page_result.more ? { at: next.next_message_time_nano, id: next.conversation_id } : null,
      };
    },
    getNextPageParam: (last) => last.next,
  });

export const useConversations = (shop: Shop, search = '') =>
  useInfiniteQuery(conversationsQuery(shop, search));

/** Puts a changed conversation at its place in every cached list of the shop (newest first). */
export function upsertConversation(
  data: InfiniteData<Page, Page['next']> | undefined,
  row: ConversationRow,
): InfiniteData<Page, Page['next']> | undefined {
  if (!data) return data;
  const pages = data.pages.map((p) => ({ ...p, rows: p.rows.filter((r) => r.id !== row.id) }));
  const first = pages[0];
  if (!first) return data;
  const all = [row, ...first.rows].sort((a, b) => b.latestAt - a.latestAt);
  pages[0] = { ...first, rows: all };
  return { ...data, pages };
}

export function useToggleConversationBot(shop: Shop) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ externalId, status }: { externalId: string; status: boolean }) => {
      const provider = channelOf(shop.providerName).routeSegment;
      const updated = await api<ShopeeConversationView | LazadaSessionView>(
        `/${provider}/v1/${shop.id}/${encodeURIComponent(externalId)}`,
        {
          method: 'PUT',
          body: { status },
        },
      );
      return 'session_id' in updated ? fromLazada(updated) : rowFromShopeeView(updated);
    },
    onSuccess: (row) => {
      client.setQueriesData<InfiniteData<Page, Page['next']>>(
        { queryKey: ['conversations', shop.id] },
        (data) =>
          data
            ? {
                ...data,
                pages: data.pages.map((p) => ({
                  ...p,
                  rows: p.rows.map((r) => (r.id === row.id ? row : r)),
                })),
              }
            : data,
      );
    },
  });
}
