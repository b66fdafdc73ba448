import type { Shop } from '@balas/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { shopIdStore } from '../../../lib/storage.ts';
import { useShops } from '../api/get-shops.ts';
import { pickCurrentShop } from './pick-current-shop.ts';

export interface CurrentShop {
  shop: Shop | null;
  shops: Shop[];
  isLoading: boolean;
  error: Error | null;
}

/** The shop the dashboard works on (spec §4), kept in local storage as `shopId`. */
export function useCurrentShop(): CurrentShop {
  const [search] = useSearchParams();
  const shops = useShops();
  const stored = useSyncExternalStore(shopIdStore.subscribe, shopIdStore.get);
  const list = shops.data ?? [];
  const shop = shops.data ? pickCurrentShop(list, search.get('shopId'), stored) : null;
  useEffect(() => {
    if (shop && shop.id !== stored) shopIdStore.set(shop.id);
  }, [shop, stored]);
  return { shop, shops: list, isLoading: shops.isLoading, error: shops.error };
}

/** Makes a shop the current one, e.g. when the merchant opens it. */
export const selectShop = (shopId: string) => shopIdStore.set(shopId);
