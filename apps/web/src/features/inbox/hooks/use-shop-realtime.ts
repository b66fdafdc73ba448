import { channels, type LazadaSession, type Shop, type ShopeeConversation } from '@balas/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannel } from '../../../lib/realtime.ts';
import { fromLazada, fromShopee, upsertConversation } from '../api/conversations.ts';

/** Live conversation updates of a shop: each event moves the row to its place in the cached lists. */
export function useShopRealtime(shop: Shop) {
  const client = useQueryClient();
  const onConversation = useCallback(
    (payload: { shopId: string; conversation: ShopeeConversation | LazadaSession }) => {
      if (payload.shopId !== shop.id) return;
      const row =
        'session_id' in payload.conversation
          ? fromLazada(payload.conversation)
          : fromShopee(payload.conversation);
      client.setQueriesData(
        { queryKey: ['conversations', shop.id, ''] },
        (data: Parameters<typeof upsertConversation>[0]) => upsertConversation(data, row),
      );
    },
    [client, shop.id],
  );
  useChannel(channels.shop(shop.id), 'shop.conversation', onConversation);
}
