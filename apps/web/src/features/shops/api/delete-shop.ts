import type { Shop } from '@balas/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shopIdStore } from '../../../lib/storage.ts';
import { shopKeys } from './get-shops.ts';

/** `DELETE /api/shopee/{id}`: removes the shop and everything under it. */
export const deleteShop = (id: string) => api<{ message: string }>(`/shopee/${id}`, { method: 'DELETE' });

export const deleteShopOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: deleteShop,
    onSuccess: (_answer, id) => {
      if (shopIdStore.get() === id) shopIdStore.clear();
      client.setQueryData<Shop[]>(shopKeys.all, (list) => list?.filter((s) => s.id !== id));
      return client.invalidateQueries({ queryKey: shopKeys.all, exact: true });
    },
  });

export const useDeleteShop = () => useMutation(deleteShopOptions(useQueryClient()));
