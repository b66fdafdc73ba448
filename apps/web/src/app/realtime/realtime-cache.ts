import type { RealtimeEvent, RealtimePayload } from '@balas/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import {
  conversationsKey,
  fromLazada,
  rowFromShopeeView,
  upsertConversation,
} from '../../features/inbox/api/conversations.ts';
import { applyRow, inboxKeys } from '../../features/inbox/api/inbox.ts';
import {
  fromLazadaMessage,
  fromShopeeMessage,
  messagesKey,
  upsertBubble,
} from '../../features/inbox/api/messages.ts';
import { announce } from '../../lib/realtime-alerts.ts';
import { inboxCountsKey } from '../../lib/realtime-counts.ts';

/**
 * The one place where a realtime event changes what the dashboard shows (issue 18.6): each event of
 * contracts' `realtimeEvents` maps to a TanStack Query cache update here, whatever page is open; pages
 * only join the channels they show (`useChannel`). Loaded with the socket, outside the first load.
 */
type Updates = { [E in RealtimeEvent]: (client: QueryClient, payload: RealtimePayload<E>) => void };

/** The cached queries each event can change: a read of them still in flight is read again (below). */
type Touched = { [E in RealtimeEvent]: (payload: RealtimePayload<E>) => QueryKey };
const touched: Touched = {
  'inbox.updated': () => inboxKeys.lists,
  'inbox.counts': () => inboxCountsKey,
  'shop.conversation': ({ shopId }) => conversationsKey(shopId),
  'conversation.message': ({ shopId, conversationId }) => messagesKey(shopId, conversationId),
};

const updates: Updates = {
  /** A conversation's inbox row changed: every cached Inbox list, its open chat, and maybe an alert. */
  'inbox.updated': (client, { row }) => {
    applyRow(client, row);
    announce(row);
  },
  /** The merchant's counts: the sidebar, the shop cards and the tab title. */
  'inbox.counts': (client, counts) => {
    client.setQueryData(inboxCountsKey, counts);
  },
  /** A shop's conversation list row (its platform's shape): moves to its place in the shop's lists. */
  'shop.conversation': (client, { shopId, conversation }) => {
    const row = 'session_id' in conversation ? fromLazada(conversation) : rowFromShopeeView(conversation);
    client.setQueriesData(
      { queryKey: conversationsKey(shopId) },
      (data: Parameters<typeof upsertConversation>[0]) => upsertConversation(data, row),
    );
  },
  /** A message of a chat, new or changed (pending → sent or failed): into that chat's pages. */
  'conversation.message': (client, { shopId, conversationId, message }) => {
    const bubble = 'session_id' in message ? fromLazadaMessage(message) : fromShopeeMessage(message);
    client.setQueryData(messagesKey(shopId, conversationId), (data: Parameters<typeof upsertBubble>[0]) =>
      upsertBubble(data, bubble),
    );
  },
};

export const realtimeEventNames = Object.keys(updates) as RealtimeEvent[];

/**
 * Applies one received event. The server validated the payload against its schema when emitting.
 * A read of the same data still in flight may have been answered before the event's change (the
 * lists read again on connecting, a page opened just now): its answer lands after this update and
 * drops it. Such a query is read again once that read is done.
 */
export function applyRealtimeEvent(client: QueryClient, event: RealtimeEvent, payload: unknown) {
  (updates[event] as (client: QueryClient, payload: unknown) => void)(client, payload);
  const queryKey = (touched[event] as (payload: unknown) => QueryKey)(payload);
  for (const query of client.getQueryCache().findAll({ queryKey, fetchStatus: 'fetching' })) {
    const again = () => client.invalidateQueries({ queryKey: query.queryKey, exact: true });
    query.promise?.then(again, again);
  }
}
