import type { Shop } from '@balas/contracts';
import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shopKeys } from './get-shops.ts';

/** `GET /api/shopee/{id}`: one shop. */
export const getShop = (id: string) => api<Shop>(`/shopee/${id}`);

/** Starts from the shop in the cached list, so the page shows at once, and refreshes it. */
export const shopQueryOptions = (client: QueryClient, id: string) =>
  queryOptions({
    queryKey: shopKeys.detail(id),
    queryFn: () => getShop(id),
    placeholderData: () => client.getQueryData<Shop[]>(shopKeys.all)?.find((s) => s.id === id),
  });

export const useShop = (id: string) => useQuery(shopQueryOptions(useQueryClient(), id));

/** Puts a shop the server answered into both the list and its own entry. */
export function storeShop(client: QueryClient, shop: Shop) {
  client.setQueryData(shopKeys.detail(shop.id), shop);
  client.setQueryData<Shop[]>(shopKeys.all, (list) => list?.map((s) => (s.id === shop.id ? shop : s)));
}
