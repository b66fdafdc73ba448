import type { Product, ProductInfoRecord } from '@balas/contracts';
import { and, asc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productInfo, productInfoProducts, products } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { CatalogueItem } from '../../platforms/platform.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { bumpTraining } from '../shops/training-version.ts';

type ProductRow = typeof products.$inferSelect;

const toProduct = (p: ProductRow): Product => ({
  productId: p.externalId,
  productInfo: {
    name: p.name,
    image: p.images[0] ?? null,
    images: p.images,
    price: p.price,
    currency: p.currency,
  },
});

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createProductsService(db: Db) {
  return {
    async search(shopId: string, search: string, pageSize: number): Promise<Product[]> {
      const rows = await db
        .select()
        .from(products)
        .where(
          and(
            eq(products.shopId, shopId),
            search ? ilike(products.name, `%${escapeLike(search)}%`) : undefined,
          ),
        )
        .orderBy(asc(products.name))
        .limit(pageSize);
      return rows.map(toProduct);
    },

    /** One product of the shop's catalogue by its platform id, or null. */
    async byExternalId(shopId: string, externalId: string): Promise<Product | null> {
      const [row] = await db
        .select()
        .from(products)
        .where(and(eq(products.shopId, shopId), eq(products.externalId, externalId)));
      return row ? toProduct(row) : null;
    },

    /**
     * Inserts or updates products from the platform; rows whose fields did not change are left alone.
     * Returns how many rows were added or changed.
     */
    async upsertCatalogue(shopId: string, items: CatalogueItem[]): Promise<number> {
      const changed = await upsertItems(db, shopId, items);
      if (changed > 0) await bumpTraining(db, shopId);
      return changed;
    },

    /**
     * Makes the shop's catalogue match the platform's full listing: new and renamed products are
     * written, and products the platform no longer lists are removed together with the information
     * the merchant attached to them (entries left with no product go too), so neither the Products
     * page nor the bot speaks of them. Call it only with a complete listing.
     */
    async replaceCatalogue(
      shopId: string,
      items: CatalogueItem[],
    ): Promise<{ changed: number; removed: number }> {
      return db.transaction(async (tx) => {
        const changed = await upsertItems(tx, shopId, items);
        const listed = [...new Set(items.map((i) => i.externalId))];
        const gone = await tx
          .delete(products)
          .where(
            and(
              eq(products.shopId, shopId),
              listed.length > 0 ? notInArray(products.externalId, listed) : undefined,
            ),
          )
          .returning({ externalId: products.externalId });
        if (gone.length > 0) {
          const links = await tx
            .delete(productInfoProducts)
            .where(
              and(
                eq(productInfoProducts.shopId, shopId),
                inArray(
                  productInfoProducts.productId,
                  gone.map((g) => g.externalId),
                ),
              ),
            )
            .returning({ infoId: productInfoProducts.infoId });
          await deleteOrphans(tx, shopId, [...new Set(links.map((l) => l.infoId))]);
        }
        if (changed > 0 || gone.length > 0) await bumpTraining(tx, shopId);
        return { changed, removed: gone.length };
      });
    },

    async addInfo(shopId: string, productIds: string[], entries: { title: string; description: string }[]) {
      const known = await db
        .select({ id: products.externalId })
        .from(products)
        .where(and(eq(products.shopId, shopId), inArray(products.externalId, productIds)));
      const unknown = productIds.filter((id) => !known.some((k) => k.id === id));
      if (unknown.length > 0) throw new AppError('validation', `Unknown products: ${unknown.join(', ')}`);
      await db.transaction(async (tx) => {
        for (const entry of entries) {
          const [row] = await tx
            .insert(productInfo)
            .values({ shopId, ...entry })
            .returning();
          await tx
            .insert(productInfoProducts)
            .values([...new Set(productIds)].map((productId) => ({ infoId: row!.id, shopId, productId })));
        }
        await bumpTraining(tx, shopId);
      });
    },

    /** Product info grouped into cards: products that share exactly the same entries. */
    async listInfo(shopId: string, pageSize: number): Promise<ProductInfoRecord[]> {
      const infos = await db
        .select()
        .from(productInfo)
        .where(eq(productInfo.shopId, shopId))
        .orderBy(asc(productInfo.createdAt));
      if (infos.length === 0) return [];
      const links = await db.select().from(productInfoProducts).where(eq(productInfoProducts.shopId, shopId));
      const productIds = [...new Set(links.map((l) => l.productId))];
      const catalogue = productIds.length
        ? await db
            .select()
            .from(products)
            .where(and(eq(products.shopId, shopId), inArray(products.externalId, productIds)))
        : [];
      const groups = new Map<string, { productIds: string[]; infos: typeof infos }>();
      for (const info of infos) {
        const ids = links
          .filter((l) => l.infoId === info.id)
          .map((l) => l.productId)
          .sort();
        if (ids.length === 0) continue;
        const key = ids.join(',');
        const group = groups.get(key) ?? { productIds: ids, infos: [] };
        group.infos.push(info);
        groups.set(key, group);
      }
      return [...groups.values()]
        .map((g) => ({
          id: g.productIds,
          info: g.productIds.map((id) => {
            const p = catalogue.find((c) => c.externalId === id);
            return p
              ? toProduct(p)
              : {
                  productId: id,
                  productInfo: { name: id, image: null, images: [], price: null, currency: null },
                };
          }),
          additionalInfo: g.infos.map((i) => ({ id: i.id, title: i.title, description: i.description })),
          updatedAt: new Date(Math.max(...g.infos.map((i) => i.updatedAt.getTime()))).toISOString(),
        }))
        .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
        .slice(0, pageSize);
    },

    async removeForProducts(shopId: string, productIds: string[]): Promise<void> {
      await db.transaction(async (tx) => {
        const links = await tx
          .delete(productInfoProducts)
          .where(
            and(eq(productInfoProducts.shopId, shopId), inArray(productInfoProducts.productId, productIds)),
          )
          .returning({ infoId: productInfoProducts.infoId });
        await deleteOrphans(tx, shopId, [...new Set(links.map((l) => l.infoId))]);
        await bumpTraining(tx, shopId);
      });
    },

    async removeEntry(shopId: string, infoId: string): Promise<void> {
      if (!isUuid(infoId)) throw notFound('Entry not found');
      const deleted = await db
        .delete(productInfo)
        .where(and(eq(productInfo.id, infoId), eq(productInfo.shopId, shopId)))
        .returning({ id: productInfo.id });
      if (deleted.length === 0) throw notFound('Entry not found');
      await bumpTraining(db, shopId);
    },

    /** Takes one product out of the given entries (the Details dialog's per-product remove). */
    async removeProductFromEntries(shopId: string, infoIds: string[], productId: string): Promise<void> {
      const ids = infoIds.filter(isUuid);
      await db.transaction(async (tx) => {
        await tx
          .delete(productInfoProducts)
          .where(
            and(
              eq(productInfoProducts.shopId, shopId),
              eq(productInfoProducts.productId, productId),
              inArray(
                productInfoProducts.infoId,
                ids.length ? ids : ['00000000-0000-0000-0000-000000000000'],
              ),
            ),
          );
        await deleteOrphans(tx, shopId, ids);
        await bumpTraining(tx, shopId);
      });
    },
  };
}

/** Rows per INSERT of catalogue items (8 parameters each). */
const ITEMS_PER_INSERT = 500;

/** Upserts in batches; a conflicting row is only rewritten when a field differs. */
async function upsertItems(db: Pick<Db, 'insert'>, shopId: string, items: CatalogueItem[]): Promise<number> {
  // The platform may list an item twice across pages: the last one wins, as one INSERT cannot touch a row twice.
  const unique = [...new Map(items.map((i) => [i.externalId, i])).values()];
  let changed = 0;
  const now = new Date();
  for (let from = 0; from < unique.length; from += ITEMS_PER_INSERT) {
    const written = await db
      .insert(products)
      .values(
        unique
          .slice(from, from + ITEMS_PER_INSERT)
          .map((item) => ({ shopId, ...item, variations: item.variations ?? [], updatedAt: now })),
      )
      .onConflictDoUpdate({
        target: [products.shopId, products.externalId],
        set: {
          name: sql`excluded.name`,
          description: sql`excluded.description`,
          price: sql`excluded.price`,
          currency: sql`excluded.currency`,
          stock: sql`excluded.stock`,
          images: sql`excluded.images`,
          variations: sql`excluded.variations`,
          updatedAt: sql`excluded.updated_at`,
        },
        setWhere: sql`(${products.name}, ${products.description}, ${products.price}, ${products.currency}, ${products.stock}, ${products.images}, ${products.variations})
          is distinct from (excluded.name, excluded.description, excluded.price, excluded.currency, excluded.stock, excluded.images, excluded.variations)`,
      })
      .returning({ id: products.id });
    changed += written.length;
  }
  return changed;
}

/** Entries left with no product are gone too. */
async function deleteOrphans(tx: Pick<Db, 'select' | 'delete'>, shopId: string, infoIds: string[]) {
  if (infoIds.length === 0) return;
  const still = await tx
    .select({ infoId: productInfoProducts.infoId })
    .from(productInfoProducts)
    .where(inArray(productInfoProducts.infoId, infoIds));
  const orphans = infoIds.filter((id) => !still.some((s) => s.infoId === id));
  if (orphans.length > 0) {
    await tx.delete(productInfo).where(and(eq(productInfo.shopId, shopId), inArray(productInfo.id, orphans)));
  }
}

export type ProductsService = ReturnType<typeof createProductsService>;
