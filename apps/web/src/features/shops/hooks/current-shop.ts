import type { Shop } from '@balas/contracts';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useShops } from '../api/shops.ts';

const KEY = 'shopId';

/**
 * Spec §4: after loading shops, the current shop is the one named by the `shopId` query, else the
 * stored one, else the first.
 */
export function pickCurrentShop(
  shops: Shop[],
  queryShopId: string | null,
  storedShopId: string | null,
): Shop | null {
  return (
    shops.find((s) => s.id === queryShopId) ?? shops.find((s) => s.id === storedShopId) ?? shops[0] ?? null
  );
}

export function useCurrentShop() {
  const [search] = useSearchParams();
  const shops = useShops();
  const list = shops.data ?? [];
  const current = pickCurrentShop(list, search.get('shopId'), localStorage.getItem(KEY));
  useEffect(() => {
    if (current) localStorage.setItem(KEY, current.id);
  }, [current]);
  return { shop: current, shops: list, isLoading: shops.isLoading, error: shops.error };
}

export const rememberShop = (shopId: string) => localStorage.setItem(KEY, shopId);
