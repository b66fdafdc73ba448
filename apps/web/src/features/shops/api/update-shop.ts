import type { Shop, ShopUpdateBody } from '@balas/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { storeShop } from './get-shop.ts';

/** `PUT /api/shopee/v1/{id}`: the bot switch, contact details or settings; answers the updated shop. */
export const updateShop = (id: string, body: ShopUpdateBody) =>
  api<Shop>(`/shopee/v1/${id}`, { method: 'PUT', body });

/** The cache takes the values the server answered (spec §4: "stores the returned value"). */
export const updateShopOptions = (client: QueryClient, id: string) =>
  mutationOptions({
    mutationKey: ['shops', id, 'update'],
    mutationFn: (body: ShopUpdateBody) => updateShop(id, body),
    onSuccess: (shop) => storeShop(client, shop),
  });

export const useUpdateShop = (id: string) => useMutation(updateShopOptions(useQueryClient(), id));
