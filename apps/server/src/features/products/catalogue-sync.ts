import type { LazadaSku } from '@balas/marketplaces';
import { and, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type ProductVariationRow, shops as shopsTable } from '../../db/schema.ts';
import type { MarketplaceClients } from '../../platforms/registry.ts';
import type { ShopRow } from '../shops/shop-guard.ts';
import type { ShopsService } from '../shops/shops.service.ts';
import type { CatalogueItem, ProductsService } from './products.service.ts';

/** The most we read of one catalogue; a longer one is kept up to date but never pruned. */
const MAX_ITEMS = 2000;
const SHOPEE_PAGE = 100;
const SHOPEE_INFO_BATCH = 50;
const LAZADA_PAGE = 50;

const price = (value: number | null | undefined) =>
  value === null || value === undefined ? null : value.toFixed(2);

const lowest = (variations: ProductVariationRow[]) => {
  const prices = variations.map((v) => v.price).filter((p): p is number => p !== null);
  return prices.length ? Math.min(...prices) : null;
};

const total = (variations: ProductVariationRow[]) => {
  const stocks = variations.map((v) => v.stock).filter((s): s is number => s !== null);
  return stocks.length ? stocks.reduce((a, b) => a + b, 0) : null;
};

/** A Lazada SKU as a variation, named by its sale properties ("Sage / M"). */
const lazadaVariation = (s: LazadaSku): ProductVariationRow => ({
  id: s.skuId || s.sellerSku,
  name: Object.values(s.saleProps).join(' / ') || s.sellerSku,
  price: s.specialPrice ?? s.price,
  stock: s.quantity,
});

/**
 * Keeps a marketplace shop's catalogue in step with the platform: what the platform lists (Shopee
 * NORMAL items, Lazada live products) is written, and what it no longer lists is removed.
 */
export function createCatalogueSync(
  ctx: AppContext,
  deps: { clients: MarketplaceClients; shops: ShopsService; products: ProductsService },
) {
  const { clients, shops, products } = deps;
  const { db } = ctx.database;

  /** A Shopee item's models, named by their tier options ("Sage / M"). */
  async function shopeeVariations(auth: { accessToken: string; shopId: string }, itemId: string) {
    const { tierVariations, models } = await clients.shopee.getModelList(auth, itemId);
    return models.map(
      (m): ProductVariationRow => ({
        id: m.modelId,
        name:
          m.tierIndex
            .map((option, tier) => tierVariations[tier]?.options[option])
            .filter(Boolean)
            .join(' / ') || m.sku,
        price: m.price,
        stock: m.stock,
      }),
    );
  }

  /** The platform's listing; `complete` is false when it was cut at MAX_ITEMS. */
  async function fetchListing(shop: ShopRow): Promise<{ items: CatalogueItem[]; complete: boolean }> {
    const { accessToken, externalId } = await shops.accessToken(shop);
    const items: CatalogueItem[] = [];
    if (shop.provider === 'shopee') {
      const auth = { accessToken, shopId: externalId };
      let offset = 0;
      for (;;) {
        const page = await clients.shopee.getItemList(auth, { offset, pageSize: SHOPEE_PAGE });
        for (let i = 0; i < page.itemIds.length; i += SHOPEE_INFO_BATCH) {
          const info = await clients.shopee.getItemBaseInfo(
            auth,
            page.itemIds.slice(i, i + SHOPEE_INFO_BATCH),
          );
          for (const p of info) {
            const variations = p.hasModel ? await shopeeVariations(auth, p.itemId) : [];
            items.push({
              externalId: p.itemId,
              name: p.name,
              description: p.description,
              price: price(p.price ?? lowest(variations)),
              currency: p.currency ?? (variations.length ? 'MYR' : null),
              stock: p.stock ?? total(variations),
              images: p.images,
              variations,
            });
          }
        }
        if (!page.hasNextPage || page.itemIds.length === 0) return { items, complete: true };
        if (items.length >= MAX_ITEMS || page.nextOffset <= offset) return { items, complete: false };
        offset = page.nextOffset;
      }
    }
    for (let offset = 0; ; offset += LAZADA_PAGE) {
      const page = await clients.lazada.getProducts(accessToken, { offset, limit: LAZADA_PAGE });
      items.push(
        ...page.products.map((p) => ({
          externalId: p.itemId,
          name: p.name,
          description: p.description,
          price: price(p.price),
          currency: p.currency,
          stock: p.stock,
          images: p.images,
          variations:
            p.skus.length > 1 || Object.keys(p.skus[0]?.saleProps ?? {}).length
              ? p.skus.map(lazadaVariation)
              : [],
        })),
      );
      if (page.products.length < LAZADA_PAGE) return { items, complete: true };
      if (items.length >= MAX_ITEMS) return { items, complete: false };
    }
  }

  return {
    /** Pulls one shop's catalogue and applies it; a platform error throws (the job retries). */
    async syncShop(shop: ShopRow): Promise<{ listed: number; changed: number; removed: number }> {
      const { items, complete } = await fetchListing(shop);
      const { changed, removed } = complete
        ? await products.replaceCatalogue(shop.id, items)
        : { changed: await products.upsertCatalogue(shop.id, items), removed: 0 };
      await db.update(shopsTable).set({ lastSyncAt: new Date() }).where(eq(shopsTable.id, shop.id));
      ctx.log.info({ shopId: shop.id, listed: items.length, changed, removed }, 'catalogue synced');
      return { listed: items.length, changed, removed };
    },

    /** Connected marketplace shops not synced since `before` (or never). */
    async dueShops(before: Date): Promise<ShopRow[]> {
      return db
        .select()
        .from(shopsTable)
        .where(
          and(
            eq(shopsTable.status, 'active'),
            inArray(shopsTable.provider, ['shopee', 'lazada']),
            or(isNull(shopsTable.lastSyncAt), lt(shopsTable.lastSyncAt, before)),
          ),
        );
    },
  };
}

export type CatalogueSync = ReturnType<typeof createCatalogueSync>;
