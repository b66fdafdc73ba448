import type { Product, ProductInfoRecord } from '@balas/contracts';
import { and, asc, eq, ilike, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productInfo, productInfoProducts, products } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { bumpTraining } from '../training/training.service.ts';

type ProductRow = typeof products.$inferSelect;

export interface CatalogueItem {
  externalId: string;
  name: string;
  description: string;
  price: string | null;
  currency: string | null;
  stock: number | null;
  images: string[];
}

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

    /** Inserts or updates the shop's catalogue from the platform. */
    async upsertCatalogue(shopId: string, items: CatalogueItem[]): Promise<void> {
      for (let i = 0; i < items.length; i += 200) {
        const batch = items.slice(i, i + 200);
        for (const item of batch) {
          await db
            .insert(products)
            .values({ shopId, ...item, updatedAt: new Date() })
            .onConflictDoUpdate({
              target: [products.shopId, products.externalId],
              set: {
                name: item.name,
                description: item.description,
                price: item.price,
                currency: item.currency,
                stock: item.stock,
                images: item.images,
                updatedAt: new Date(),
              },
            });
        }
      }
      if (items.length > 0) await bumpTraining(db, shopId);
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
