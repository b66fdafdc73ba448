import type { ShopOnboarding } from '@balas/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../../db/schema.ts';
import { botAnswers, knowledgeFiles, productInfo, shops, topicEntries, topics } from '../../db/schema.ts';

/**
 * Where a shop stands on its first steps: trained (a topic with something to say, a readable file or
 * product information), tested (the bot has answered at least once, in the simulator or for real) and
 * switched on. One statement of EXISTS checks, each stopping at its first row.
 */
export async function shopOnboarding(db: Db, shop: ShopRow): Promise<ShopOnboarding> {
  const exists = (query: { getSQL(): ReturnType<typeof sql> }) => sql<boolean>`exists (${query})`;
  const [row] = await db
    .select({
      taught: exists(
        db
          .select({ one: sql`1` })
          .from(topicEntries)
          .innerJoin(topics, eq(topics.id, topicEntries.topicId))
          .where(and(eq(topics.shopId, shop.id), eq(topicEntries.kind, 'knowledge'))),
      ),
      filed: exists(
        db
          .select({ one: sql`1` })
          .from(knowledgeFiles)
          .where(and(eq(knowledgeFiles.shopId, shop.id), eq(knowledgeFiles.status, 'ready'))),
      ),
      described: exists(db.select({ one: sql`1` }).from(productInfo).where(eq(productInfo.shopId, shop.id))),
      tested: exists(db.select({ one: sql`1` }).from(botAnswers).where(eq(botAnswers.shopId, shop.id))),
      botOn: shops.defaultBotStatus,
    })
    .from(shops)
    .where(eq(shops.id, shop.id));
  return {
    trained: Boolean(row?.taught || row?.filed || row?.described),
    tested: Boolean(row?.tested),
    botOn: Boolean(row?.botOn),
  };
}
