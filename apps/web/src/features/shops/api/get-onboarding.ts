import type { ShopOnboarding } from '@balas/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { shopKeys } from './get-shops.ts';

/** `GET /api/shopee/{id}/onboarding`: which of the shop's first steps are done. */
export const getOnboarding = (id: string) => api<ShopOnboarding>(`/shopee/${id}/onboarding`);

/** Read again each time the shop's page opens: the steps are done on other pages. */
export const onboardingQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...shopKeys.detail(id), 'onboarding'],
    queryFn: () => getOnboarding(id),
    staleTime: 0,
  });

export const useOnboarding = (id: string) => useQuery(onboardingQueryOptions(id));
