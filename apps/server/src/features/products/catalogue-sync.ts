import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { shops as shopsTable } from '../../db/schema.ts';
import type { Platforms } from '../../platforms/registry.ts';
import type { ProductsService } from './products.service.ts';

/** The most we read of one catalogue; a longer one is kept up to date but never pruned. */
const MAX_ITEMS = 2000;

/**
 * Keeps a marketplace shop's catalogue in step with the platform: what the platform lists (Shopee
 * NORMAL items, Lazada live products) is written, and what it no longer lists is removed.
 */
export function createCatalogueSync(
  ctx: AppContext,
  deps: { platforms: Platforms; products: ProductsService },
) {
  const { platforms, products } = deps;
  const { db } = ctx.database;

  return {
    /** Pulls one shop's catalogue and applies it; a platform error throws (the job retries). */
    async syncShop(shop: ShopRow): Promise<{ listed: number; changed: number; removed: number }> {
      const listing = platforms.of(shop.provider).catalogue(shop, { limit: MAX_ITEMS });
      if (!listing) return { listed: 0, changed: 0, removed: 0 };
      const { items, complete } = await listing;
      const { changed, removed } = complete
        ? await products.replaceCatalogue(shop.id, items)
        : { changed: await products.upsertCatalogue(shop.id, items), removed: 0 };
      await db.update(shopsTable).set({ lastSyncAt: new Date() }).where(eq(shopsTable.id, shop.id));
      ctx.log.info({ shopId: shop.id, listed: items.length, changed, removed }, 'catalogue synced');
      return { listed: items.length, changed, removed };
    },

    /** Connected marketplace shops not synced since `before` (or never). */
    async dueShops(before: Date): Promise<ShopRow[]> {
      // The platforms a shop is authorized on (not the website).
      const marketplaces = platforms.all.filter((p) => p.connector).map((p) => p.provider);
      return db
        .select()
        .from(shopsTable)
        .where(
          and(
            eq(shopsTable.status, 'active'),
            inArray(shopsTable.provider, marketplaces),
            or(isNull(shopsTable.lastSyncAt), lt(shopsTable.lastSyncAt, before)),
          ),
        );
    },
  };
}

export type CatalogueSync = ReturnType<typeof createCatalogueSync>;
