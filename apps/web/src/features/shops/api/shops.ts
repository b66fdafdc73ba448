import type { Provider, Shop, ShopCreateBody, ShopUpdateBody } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const shopsQuery = () => queryOptions({ queryKey: ['shops'], queryFn: () => api<Shop[]>('/shopee') });
export const useShops = () => useQuery(shopsQuery());

export const createShop = (provider: Provider, body: ShopCreateBody) =>
  api<{ authUrl: string; id: string }>(`/${provider}`, { method: 'POST', body });

export function useUpdateShop(shopId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ShopUpdateBody) => api<Shop>(`/shopee/v1/${shopId}`, { method: 'PUT', body }),
    onSuccess: (shop) => {
      client.setQueryData<Shop[]>(['shops'], (list) => list?.map((s) => (s.id === shop.id ? shop : s)));
    },
  });
}

export function useRemoveShop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (shopId: string) => api(`/shopee/${shopId}`, { method: 'DELETE' }),
    onSuccess: (_data, shopId) => {
      client.setQueryData<Shop[]>(['shops'], (list) => list?.filter((s) => s.id !== shopId));
      void client.invalidateQueries({ queryKey: ['shops'] });
    },
  });
}

export const reconnectShop = (shopId: string) =>
  api<{ authUrl: string }>(`/shopee/${shopId}/reconnect`, { method: 'POST' });
