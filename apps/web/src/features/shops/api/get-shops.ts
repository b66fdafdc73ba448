import type { Shop } from '@balas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** Cache keys of the shops feature: the list, and one shop under it. */
export const shopKeys = {
  all: ['shops'] as const,
  detail: (id: string) => ['shops', id] as const,
};

/** `GET /api/shopee`: every shop of the merchant. */
export const getShops = () => api<Shop[]>('/shopee');

export const shopsQueryOptions = () => queryOptions({ queryKey: shopKeys.all, queryFn: getShops });

export const useShops = () => useQuery(shopsQueryOptions());
