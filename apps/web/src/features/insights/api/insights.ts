import {
  type GapEntryBody,
  type InsightsOverview,
  insightsPresets,
  type KnowledgeGap,
  type Topic,
} from '@balas/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** What the page shows: all shops or one, a preset of days or a custom period. */
export interface InsightsFilter {
  shopId: string;
  days: number | null;
  from: string;
  to: string;
}

/** The filter an /insights address names: `shopId`, and `days` (30 unless a preset) or `from` + `to`. */
export function insightsFilterOf(params: URLSearchParams): InsightsFilter {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const days = Number(params.get('days'));
  return {
    shopId: params.get('shopId') ?? '',
    days: from && to ? null : (insightsPresets as readonly number[]).includes(days) ? days : 30,
    from,
    to,
  };
}

export const insightsParams = (f: InsightsFilter) => ({
  shopId: f.shopId || undefined,
  ...(f.days ? { days: f.days } : { from: f.from, to: f.to }),
});

export const insightsQuery = (filter: InsightsFilter) =>
  queryOptions({
    queryKey: ['insights', insightsParams(filter)],
    queryFn: () => api<InsightsOverview>('/insights', { query: insightsParams(filter) }),
  });

export const useInsights = (filter: InsightsFilter) =>
  useQuery({
    ...insightsQuery(filter),
    placeholderData: keepPreviousData,
    // The figures follow rollups the server refreshes every 15 seconds.
    refetchInterval: 30_000,
  });

export const knowledgeGapsQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['knowledge-gaps', shopId],
    queryFn: () => api<KnowledgeGap[]>('/insights/gaps', { query: { shopId: shopId || undefined } }),
  });

export const useKnowledgeGaps = (shopId: string) => useQuery(knowledgeGapsQuery(shopId));

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
