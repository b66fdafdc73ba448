import type { Provider, ShopCreateBody } from '@balas/contracts';
import { channelOf } from '@balas/contracts';
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

/**
 * Where the platform sends the authorization window back: our small `/connected` page, which tells
 * this tab and closes itself (spec §9's redirects put a second dashboard or the landing page in the
 * window; see docs/spec-deviations.md). A website shop has nothing to authorize.
 */
export const authorizationRedirect = (provider: Provider, origin: string) =>
  channelOf(provider).marketplace ? `${origin}/connected` : undefined;

export const createShopOptions = (client: QueryClient) =>
  mutationOptions({
    mutationFn: createShop,
    onSuccess: () => client.invalidateQueries({ queryKey: shopKeys.all }),
  });

export const useCreateShop = () => useMutation(createShopOptions(useQueryClient()));
