import type { SavedReply, SavedReplyBody } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** The merchant's saved replies (usable in every shop), searched by shortcut or text on the server. */
export const savedRepliesKey = ['saved-replies'] as const;

export const savedRepliesQuery = () =>
  queryOptions({
    queryKey: savedRepliesKey,
    queryFn: ({ signal }) => api<SavedReply[]>('/saved-replies', { signal }),
    staleTime: 5 * 60_000,
  });

export const useSavedReplies = (enabled = true) => useQuery({ ...savedRepliesQuery(), enabled });

/**
 * The replies a typed `/query` offers: a shortcut starting with it first, then text containing it.
 * The whole list is small (at most `limits.savedReply.perMerchantMax`), so it filters as you type.
 */
export function matchSavedReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = query.toLowerCase();
  if (!q) return [...replies].sort((a, b) => a.shortcut.localeCompare(b.shortcut));
  const starts = replies.filter((r) => r.shortcut.startsWith(q));
  const contains = replies.filter(
    (r) => !r.shortcut.startsWith(q) && (r.shortcut.includes(q) || r.text.toLowerCase().includes(q)),
  );
  return [
    ...starts.sort((a, b) => a.shortcut.localeCompare(b.shortcut)),
    ...contains.sort((a, b) => a.shortcut.localeCompare(b.shortcut)),
  ];
}

export function useSavedReplyMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: savedRepliesKey });
  return {
    create: useMutation({
      mutationFn: (body: SavedReplyBody) => api<SavedReply>('/saved-replies', { method: 'POST', body }),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: ({ id, ...body }: SavedReplyBody & { id: string }) =>
        api<SavedReply>(`/saved-replies/${encodeURIComponent(id)}`, { method: 'PATCH', body }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`/saved-replies/${encodeURIComponent(id)}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
