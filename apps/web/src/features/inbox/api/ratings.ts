import type { ChatRating } from '@balas/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** A chat's shopper ratings, newest first; read again when the chat changes state (resolved, reopened). */
export const useChatRatings = (conversationId: string, state: string) =>
  useQuery({
    queryKey: ['ratings', conversationId, state],
    queryFn: ({ signal }) => api<ChatRating[]>(`/inbox/conversations/${conversationId}/ratings`, { signal }),
    staleTime: 30_000,
  });
