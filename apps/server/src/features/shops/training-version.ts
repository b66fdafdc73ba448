import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';

/**
 * Marks the shop's training as changed so the bot rebuilds its index. Here, beside the shop, because
 * every feature that trains the bot (topics, files, products, approved answers, a copy) calls it.
 */
export const bumpTraining = (db: Pick<Db, 'update'>, shopId: string) =>
  db
    .update(shops)
    .set({ trainingVersion: sql`${shops.trainingVersion} + 1` })
    .where(eq(shops.id, shopId));
