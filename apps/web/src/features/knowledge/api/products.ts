import type { Product, ProductInfoRecord } from '@balas/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const productSearchQuery = (shopId: string, search: string) =>
  queryOptions({
    queryKey: ['products', shopId, search],
    queryFn: ({ signal }) =>
      api<Product[]>(`/shopee/v1/${shopId}/search`, { query: { search, pageSize: 100 }, signal }),
    enabled: search.length >= 3,
  });
export const useProductSearch = (shopId: string, search: string) =>
  useQuery(productSearchQuery(shopId, search));

export const productInfoQuery = (shopId: string) =>
  queryOptions({
    queryKey: ['product-info', shopId],
    queryFn: () => api<ProductInfoRecord[]>(`/shopee/v1/${shopId}/products`, { query: { pageSize: 100 } }),
  });
export const useProductInfo = (shopId: string) => useQuery(productInfoQuery(shopId));

export function useProductInfoMutations(shopId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['product-info', shopId] });
  return {
    add: useMutation({
      mutationFn: (body: { productId: string[]; additionalInfo: { title: string; description: string }[] }) =>
        api(`/shopee/v1/${shopId}/info`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
    removeAll: useMutation({
      // Spec §7: POST /shopee/v1/{shopId}/products?_method=DELETE
      mutationFn: (productId: string[]) =>
        api(`/shopee/v1/${shopId}/products`, {
          method: 'POST',
          query: { _method: 'DELETE' },
          body: { productId },
        }),
      onSuccess: refresh,
    }),
    removeEntry: useMutation({
      mutationFn: (infoId: string) => api(`/shopee/v1/${shopId}/info/${infoId}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    removeProduct: useMutation({
      mutationFn: (body: { infoIds: string[]; productId: string }) =>
        api(`/shopee/v1/${shopId}/info/remove-product`, { method: 'POST', body }),
      onSuccess: refresh,
    }),
  };
}
