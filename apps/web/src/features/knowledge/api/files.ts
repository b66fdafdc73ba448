import { type KnowledgeFile, limits } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const base = '/shopee/v1/lang_chain_push/loader';

export const filesQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['files', shopId],
    queryFn: () => api<KnowledgeFile[]>(base, { query: { shopId } }),
    // Follow ingestion while a file is processing.
    refetchInterval: (q) => (q.state.data?.some((f) => f.status === 'processing') ? 1000 : false),
  });
export const useFiles = (shopId: string) => useQuery(filesQuery(shopId));

export function useFileMutations(shopId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['files', shopId] });
  return {
    upload: useMutation({
      mutationFn: (files: File[]) => {
        const form = new FormData();
        form.set('confirm', 'true');
        form.set('chunkSize', String(limits.uploadChunkSize));
        form.set('shopId', shopId);
        for (const f of files) form.append('file[]', f, f.name);
        return api<KnowledgeFile[]>(base, { method: 'POST', body: form });
      },
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: string) => api(`${base}/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
  };
}

export const downloadPath = (id: string) => `${base}/${id}/download`;
