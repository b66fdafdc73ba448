import type { BotDraft, DraftModeBody, DraftModeSetting, HandoverSummary, InboxRow } from '@balas/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { inboxCountsKey } from '../../../lib/realtime-counts.ts';

const draftsKey = (conversationId: string) => ['drafts', conversationId] as const;
const summaryKey = (conversationId: string) => ['handover-summary', conversationId] as const;
const modesKey = ['draft-modes'] as const;
const path = (conversationId: string) => `/inbox/conversations/${encodeURIComponent(conversationId)}`;

/**
 * The chat's waiting draft. Read again whenever the chat's row changes (its state, its last message):
 * a new draft, or one a person elsewhere sent, shows without a reload.
 */
export const useDrafts = (row: Pick<InboxRow, 'id' | 'state' | 'lastMessageAt' | 'views'>) =>
  useQuery({
    queryKey: [...draftsKey(row.id), row.state, row.lastMessageAt, row.views.includes('drafts')],
    queryFn: ({ signal }) => api<BotDraft[]>(`${path(row.id)}/drafts`, { signal }),
  });

/**
 * Send (as written, or edited) and discard: the answered row goes to `onRow` (the Inbox puts it in
 * its lists) and the counts are read again.
 */
export function useDraftAction(
  conversationId: string,
  onRow: (row: InboxRow) => void,
  onDone?: (action: 'send' | 'discard') => void,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ draftId, action, text }: { draftId: string; action: 'send' | 'discard'; text?: string }) =>
      api<InboxRow>(`${path(conversationId)}/drafts/${encodeURIComponent(draftId)}/${action}`, {
        method: 'POST',
        body: action === 'send' && text !== undefined ? { text } : {},
      }),
    onSuccess: (row, { action }) => {
      onRow(row);
      void client.invalidateQueries({ queryKey: draftsKey(conversationId) });
      void client.invalidateQueries({ queryKey: inboxCountsKey });
      // Here, not in mutate's options: the draft's card is gone by the time those would run.
      onDone?.(action);
    },
  });
}

/** The summary for the person who takes over; null unless the chat is handed over. */
export const useHandoverSummary = (row: Pick<InboxRow, 'id' | 'state' | 'stateReason'>) =>
  useQuery({
    queryKey: [...summaryKey(row.id), row.stateReason],
    queryFn: ({ signal }) =>
      api<{ summary: HandoverSummary | null }>(`${path(row.id)}/handover-summary`, { signal }).then(
        (r) => r.summary,
      ),
    enabled: row.state === 'needs_you' && !!row.stateReason,
  });

export const useDraftModes = (enabled = true) =>
  useQuery({
    queryKey: modesKey,
    queryFn: ({ signal }) => api<DraftModeSetting[]>('/inbox/draft-modes', { signal }),
    enabled,
  });

export function useSaveDraftMode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ shopId, ...body }: DraftModeBody & { shopId: string }) =>
      api<DraftModeSetting>(`/inbox/draft-modes/${encodeURIComponent(shopId)}`, { method: 'PUT', body }),
    onSuccess: (setting) =>
      client.setQueryData<DraftModeSetting[]>(modesKey, (list) =>
        list?.map((s) => (s.shopId === setting.shopId ? setting : s)),
      ),
  });
}
