import type { GapEntryBody, InsightsOverview, KnowledgeGap, Topic } from '@balas/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the page shows: all shops or one, a preset of days or a custom period. */
export interface InsightsFilter {
  shopId: string;
  days: number | null;
  from: string;
  to: string;
}

export const insightsParams = (f: InsightsFilter) => ({
  shopId: f.shopId || undefined,
  ...(f.days ? { days: f.days } : { from: f.from, to: f.to }),
});

export const useInsights = (filter: InsightsFilter) =>
  useQuery({
    queryKey: ['insights', insightsParams(filter)],
    queryFn: () => api<InsightsOverview>('/insights', { query: insightsParams(filter) }),
    placeholderData: keepPreviousData,
    // The figures follow rollups the server refreshes every 15 seconds.
    refetchInterval: 30_000,
  });

export const useKnowledgeGaps = (shopId: string) =>
  useQuery({
    queryKey: ['knowledge-gaps', shopId],
    queryFn: () => api<KnowledgeGap[]>('/insights/gaps', { query: { shopId: shopId || undefined } }),
  });

export function useGapMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['knowledge-gaps'] });
  return {
    dismiss: useMutation({
      mutationFn: (gap: KnowledgeGap) =>
        api('/insights/gaps/dismiss', {
          method: 'POST',
          body: { shopId: gap.shopId, questionIds: gap.questionIds },
        }),
      onSuccess: refresh,
    }),
    addEntry: useMutation({
      mutationFn: (body: GapEntryBody) => api<Topic>('/insights/gaps/entry', { method: 'POST', body }),
      onSuccess: (_topic, body) => {
        void refresh();
        void client.invalidateQueries({ queryKey: ['topics', body.shopId] });
      },
    }),
  };
}
