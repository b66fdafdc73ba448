import type { ShopCopyPreview, ShopCopyResult, ShopVoucher, Topic } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const topicsQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['topics', shopId],
    queryFn: () => api<Topic[]>(`/shopee/${shopId}/gpt`),
    enabled: !!shopId,
  });
export const useTopics = (shopId: string) => useQuery(topicsQuery(shopId));

export const topicQuery = (shopId: string, topicId: string) =>
  queryOptions({
    queryKey: ['topics', shopId, topicId],
    queryFn: () => api<Topic>(`/shopee/${shopId}/gpt/${topicId}`),
  });
export const useTopic = (shopId: string, topicId: string) =>
  useQuery({ ...topicQuery(shopId, topicId), enabled: !!shopId });

/** What a copy from another shop would bring into this one, counted (read when a shop is picked). */
export const useCopyPreview = (shopId: string, fromShopId: string) =>
  useQuery({
    queryKey: ['topics', shopId, 'copy-preview', fromShopId],
    queryFn: () =>
      api<ShopCopyPreview>(`/shopee/${shopId}/gpt/copy?fromShopId=${encodeURIComponent(fromShopId)}`),
    enabled: !!shopId && !!fromShopId,
    staleTime: 0,
  });

/** The vouchers running in the shop on its platform, which a topic may offer. */
export const useShopVouchers = (shopId: string, enabled = true) =>
  useQuery({
    queryKey: ['shop-vouchers', shopId],
    queryFn: () => api<ShopVoucher[]>(`/shopee/${shopId}/gpt/vouchers`),
    enabled: !!shopId && enabled,
  });

export function useTopicMutations(shopId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['topics', shopId] });
  return {
    create: useMutation({
      mutationFn: (name: string) =>
        api<Topic>(`/shopee/${shopId}/gpt`, { method: 'POST', body: { name, shopId, type: 'Shopee' } }),
      // The new topic opens next: its page starts from the answer, without reading it again.
      onSuccess: (topic) => {
        client.setQueryData(['topics', shopId, topic.id], topic);
        void refresh();
      },
    }),
    remove: useMutation({
      mutationFn: (topicId: string) => api(`/shopee/${shopId}/gpt/${topicId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    copy: useMutation({
      mutationFn: (fromShopId: string) =>
        api<ShopCopyResult>(`/shopee/${shopId}/gpt/copy`, { method: 'POST', body: { fromShopId } }),
      // Topics, files and product information all changed.
      onSuccess: () =>
        Promise.all([
          refresh(),
          client.invalidateQueries({ queryKey: ['files', shopId] }),
          client.invalidateQueries({ queryKey: ['product-info', shopId] }),
        ]),
    }),
    setVoucher: useMutation({
      mutationFn: ({ topicId, voucherId }: { topicId: string; voucherId: string | null }) =>
        api<Topic>(`/shopee/${shopId}/gpt/${topicId}/voucher`, { method: 'PUT', body: { voucherId } }),
      onSuccess: (topic) => {
        client.setQueryData(['topics', shopId, topic.id], topic);
        void refresh();
      },
    }),
    save: useMutation({
      mutationFn: ({
        topicId,
        kind,
        texts,
      }: {
        topicId: string;
        kind: 'information' | 'response';
        texts: string[];
      }) => api<Topic>(`/shopee/${shopId}/gpt/${topicId}/${kind}`, { method: 'POST', body: texts }),
      onSuccess: (topic) => {
        client.setQueryData(['topics', shopId, topic.id], topic);
        void refresh();
      },
    }),
  };
}
