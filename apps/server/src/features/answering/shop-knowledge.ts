import type { ShopKnowledge } from '@balas/bot';
import { htmlToText } from '@balas/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { ShopRow } from '../../db/schema.ts';
import {
  knowledgeChunks,
  knowledgeFiles,
  productInfo,
  productInfoProducts,
  products,
  topicEntries,
  topics,
} from '../../db/schema.ts';

/** What a shop's index takes from the shop row itself (not versioned by its training). */
export function shopVoice(shop: ShopRow): Pick<ShopKnowledge, 'shopName' | 'handoverMessage'> {
  const handover = shop.config.handoverMessage?.trim();
  return {
    shopName: shop.name,
    ...(handover ? { handoverMessage: { en: handover, ms: handover, zh: handover } } : {}),
  };
}

/** Everything the merchant taught the bot for one shop, in the engine's terms. */
export async function loadShopKnowledge(db: Db, shop: ShopRow): Promise<ShopKnowledge> {
  const [topicRows, chunkRows, productRows, infoRows, links] = await Promise.all([
    db.select().from(topics).where(eq(topics.shopId, shop.id)).orderBy(asc(topics.createdAt)),
    db
      .select({
        id: knowledgeChunks.id,
        fileId: knowledgeChunks.fileId,
        fileName: knowledgeFiles.fileName,
        text: knowledgeChunks.text,
        ordinal: knowledgeChunks.ordinal,
      })
      .from(knowledgeChunks)
      .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
      // The files' own shop condition too: without it PostgreSQL may visit every shop's files
      // (a nested loop over all of them before statistics exist, a scan of them after).
      .where(
        and(
          eq(knowledgeChunks.shopId, shop.id),
          eq(knowledgeFiles.shopId, shop.id),
          eq(knowledgeFiles.status, 'ready'),
        ),
      ),
    db.select().from(products).where(eq(products.shopId, shop.id)),
    db.select().from(productInfo).where(eq(productInfo.shopId, shop.id)),
    db.select().from(productInfoProducts).where(eq(productInfoProducts.shopId, shop.id)),
  ]);
  const entries = topicRows.length
    ? await db
        .select()
        .from(topicEntries)
        .where(
          inArray(
            topicEntries.topicId,
            topicRows.map((t) => t.id),
          ),
        )
        .orderBy(asc(topicEntries.position))
    : [];
  return {
    ...shopVoice(shop),
    topics: topicRows.map((t) => ({
      id: t.id,
      name: t.name,
      categorization: entries
        .filter((e) => e.topicId === t.id && e.kind === 'categorization')
        .map((e) => e.text),
      knowledge: entries
        .filter((e) => e.topicId === t.id && e.kind === 'knowledge')
        .map((e) => ({ id: e.id, text: e.text })),
    })),
    chunks: chunkRows,
    products: productRows.map((p) => ({
      productId: p.externalId,
      name: p.name,
      // Stored as the platform sent it (Lazada's is HTML); the bot quotes it to shoppers as text.
      description: htmlToText(p.description),
      ...(p.price !== null ? { price: Number(p.price) } : {}),
      ...(p.currency ? { currency: p.currency } : {}),
      ...(p.stock !== null ? { stock: p.stock } : {}),
      ...(p.variations.length ? { variations: p.variations } : {}),
    })),
    productInfo: infoRows.map((i) => ({
      id: i.id,
      productIds: links.filter((l) => l.infoId === i.id).map((l) => l.productId),
      title: i.title,
      description: i.description,
    })),
  };
}
