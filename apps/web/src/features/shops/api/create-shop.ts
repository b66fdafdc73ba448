import type { Provider, ShopCreateBody } from '@balas/contracts';
import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shopKeys } from './get-shops.ts';

export interface CreateShopInput {
  provider: Provider;
  body: ShopCreateBody;
}

/** `POST /api/shopee|lazada|website`: answers where the merchant authorizes the shop. */
export const createShop = ({ provider, body }: CreateShopInput) =>
  api<{ authUrl: string; id: string }>(`/${provider}`, { method: 'POST', body });

/** Spec §9: Shopee comes back to the wizard's complete page; Lazada and website to the site root. */
export const authorizationRedirect = (provider: Provider, origin: string) =>
  provider === 'shopee' ? `${origin}/dashboard/addshop/complete` : `${origin}/`;

export const createShopOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: createShop,
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });

export const useCreateShop = () => useMutation(createShopOptions(useQueryClient()));
