import { queryClient } from '../../../lib/query-client.ts';
import { onboardingQueryOptions } from './get-onboarding.ts';
import { shopQueryOptions } from './get-shop.ts';
import { shopsQueryOptions } from './get-shops.ts';

/**
 * Called by the router as soon as a shops address is known, so the answers are on their way while the
 * page's own code still loads (otherwise: code, then data, one after the other).
 */
export function prefetchShops() {
  void queryClient.prefetchQuery(shopsQueryOptions());
}

export function prefetchShop(id: string) {
  prefetchShops();
  void queryClient.prefetchQuery(shopQueryOptions(queryClient, id));
  void queryClient.prefetchQuery(onboardingQueryOptions(id));
}
