import { storedIndexFormat } from '@balas/bot';
import { and, eq, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shopIndexes } from '../../db/schema.ts';

/**
 * Shops' assembled indexes, one row a shop (decision 0032): a process that does not hold a shop
 * reads its index for the shop's training version from here, and every build writes its own.
 */
export function createStoredIndexes(db: Db) {
  return {
    /** The stored index of this training version and format, or undefined. */
    async load(shopId: string, trainingVersion: number): Promise<string | undefined> {
      const [row] = await db
        .select({ data: shopIndexes.data })
        .from(shopIndexes)
        .where(
          and(
            eq(shopIndexes.shopId, shopId),
            eq(shopIndexes.trainingVersion, trainingVersion),
            eq(shopIndexes.format, storedIndexFormat()),
          ),
        );
      return row?.data;
    },
    /** Keeps the newest version: a slower build of an older one does not replace it. */
    async save(shopId: string, trainingVersion: number, data: string): Promise<void> {
      await db
        .insert(shopIndexes)
        .values({ shopId, trainingVersion, format: storedIndexFormat(), data })
        .onConflictDoUpdate({
          target: shopIndexes.shopId,
          set: { trainingVersion, format: storedIndexFormat(), data, updatedAt: new Date() },
          setWhere: lte(shopIndexes.trainingVersion, trainingVersion),
        });
    },
  };
}
