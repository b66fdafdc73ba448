import type { Shop } from '@balas/contracts';

/**
 * Spec §4, once the shops are loaded: the shop named by the `shopId` query, else the one stored as
 * current, else the first; none when the merchant has no shops.
 */
export function pickCurrentShop(
  shops: readonly Shop[],
  queryShopId: string | null,
  storedShopId: string | null,
): Shop | null {
  const byId = (id: string | null) => (id ? shops.find((s) => s.id === id) : undefined);
  return byId(queryShopId) ?? byId(storedShopId) ?? shops[0] ?? null;
}
