import type { WebsitePageDiff, WebsiteSchedule, WebsiteSource } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const base = '/knowledge/websites';

export const websitesQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['websites', shopId],
    queryFn: () => api<WebsiteSource[]>(base, { query: { shopId } }),
    // Follow an import while it runs.
    refetchInterval: (q) =>
      q.state.data?.some((s) => s.status === 'queued' || s.status === 'importing') ? 1500 : false,
  });
export const useWebsites = (shopId: string) => useQuery(websitesQuery(shopId));

export const usePageDiff = (pageId: string | null) =>
  useQuery({
    queryKey: ['website-diff', pageId],
    queryFn: () => api<WebsitePageDiff>(`${base}/pages/${pageId}/diff`),
    enabled: !!pageId,
  });

export function useWebsiteMutations(shopId: string) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ['websites', shopId] }),
      client.invalidateQueries({ queryKey: ['files', shopId] }),
    ]);
  return {
    add: useMutation({
      mutationFn: (input: { url: string; schedule: WebsiteSchedule }) =>
        api<WebsiteSource>(base, { method: 'POST', body: { shopId, ...input } }),
      onSuccess: refresh,
    }),
    reimport: useMutation({
      mutationFn: (id: string) => api<WebsiteSource>(`${base}/${id}/reimport`, { method: 'POST' }),
      onSuccess: refresh,
    }),
    schedule: useMutation({
      mutationFn: (input: { id: string; schedule: WebsiteSchedule }) =>
        api<WebsiteSource>(`${base}/${input.id}`, { method: 'PATCH', body: { schedule: input.schedule } }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`${base}/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}
