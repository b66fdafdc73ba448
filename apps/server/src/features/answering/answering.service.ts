import {
  type AnswerResult,
  analysesToRead,
  answer,
  buildShopIndex,
  type Composer,
  type Embedder,
  embedShopIndex,
  estimateIndexBytes,
  type HistoryTurn,
  madeAnalyses,
  reviveShopIndex,
  type ShopIndex,
  serializeShopIndex,
} from '@balas/bot';
import { desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { botAnswers, shops } from '../../db/schema.ts';
import { createApprovedAnswers } from '../approved-answers/approved-answers.service.ts';
import { simulatorTurns } from './conversation-context.ts';
import { createIndexCache } from './index-cache.ts';
import { createPassageAnalyses, createPassageEmbeddings } from './passage-embeddings.ts';
import { loadShopKnowledge, shopVoice } from './shop-knowledge.ts';
import { createStoredIndexes } from './stored-indexes.ts';

/**
 * Answers a shopper's question for a shop. The shop's retrieval index is built once per training
 * version and reused (any change to topics, files or product info bumps the version), and the
 * indexes of a process stay within INDEX_CACHE_MB, the least recently asked shop leaving first.
 */
export function createAnsweringService(ctx: AppContext, model: { composer?: Composer; embedder?: Embedder }) {
  const { composer, embedder } = model;
  const cache = createIndexCache<ShopIndex>({
    budgetBytes: ctx.config.indexCacheBytes,
    sizeOf: estimateIndexBytes,
  });
  const approved = createApprovedAnswers(ctx.database.db);

  const analyses = createPassageAnalyses(ctx.database.db);
  const storedIndexes = createStoredIndexes(ctx.database.db);
  const embeddingModel = ctx.config.ai?.embeddingModel;
  const vectors = embeddingModel ? createPassageEmbeddings(ctx.database.db, embeddingModel) : undefined;

  /**
   * The shop's index for its training version: revived from the one a build of that version stored
   * (in any process), or else built, `previous` (an older version's index) updated by the passages
   * that changed, and stored for the next process that does not hold the shop.
   */
  async function buildIndex(shop: ShopRow, previous: ShopIndex | undefined): Promise<ShopIndex> {
    const kept = await storedIndexes.load(shop.id, shop.trainingVersion);
    let revived: ShopIndex | undefined;
    try {
      revived = kept === undefined ? undefined : reviveShopIndex(kept, shopVoice(shop));
    } catch (error) {
      // A row that does not parse is built again and overwritten, not a shop without answers.
      ctx.log.warn({ err: error, shopId: shop.id }, 'stored shop index unreadable');
    }
    const index = revived ?? (await assemble(shop, previous));
    if (embedder) {
      // Without vectors retrieval stays lexical: an embedding outage must not stop answers.
      await embedShopIndex(index, embedder, {
        ...(revived ? {} : { previous }),
        ...(vectors ? { store: vectors } : {}),
      }).catch((error) => ctx.log.warn({ err: error }, 'embedding failed'));
    }
    return index;
  }
  async function assemble(shop: ShopRow, previous: ShopIndex | undefined): Promise<ShopIndex> {
    const knowledge = await loadShopKnowledge(ctx.database.db, shop);
    // Analyses neither the previous index nor this build holds come from the database, where the
    // first build of a text (in any process) left them.
    const stored = await analyses.load(analysesToRead(knowledge, previous));
    const index = buildShopIndex(knowledge, previous, stored);
    const made = madeAnalyses(index);
    if (made.size) await analyses.save(made);
    writeOut(shop, index);
    return index;
  }
  /**
   * Indexes being written out. The answer that built an index does not wait for it (for 200 chunks,
   * about 15 ms of serializing and a 400 KB row); closing the process does, a few seconds at most. A
   * failed or lost write costs the next cold process a build, nothing else.
   */
  const writing = new Set<Promise<void>>();
  function writeOut(shop: ShopRow, index: ShopIndex) {
    const write: Promise<void> = new Promise((resolve) => setImmediate(resolve))
      .then(() => storedIndexes.save(shop.id, shop.trainingVersion, serializeShopIndex(index)))
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'storing the shop index failed'))
      .finally(() => writing.delete(write));
    writing.add(write);
    ctx.background.track(write);
  }
  const indexFor = (shop: ShopRow) =>
    cache.get(shop.id, shop.trainingVersion, (previous) => buildIndex(shop, previous));

  // Every answer runs it: built and prepared once.
  const logAnswer = ctx.database.db
    .insert(botAnswers)
    .values({
      shopId: sql.placeholder('shopId'),
      conversation: sql.placeholder('conversation'),
      message: sql.placeholder('message'),
      response: sql.placeholder('response'),
      confidence: sql.placeholder('confidence'),
      language: sql.placeholder('language'),
      sources: sql.placeholder('sources'),
      handover: sql.placeholder('handover'),
      productId: sql.placeholder('productId'),
    })
    .prepare('answering_log_answer');

  /** Every answer the bot gives is logged (the simulator's log, insights, knowledge gaps). */
  async function record(
    shop: ShopRow,
    asked: { conversation: string; question: string; productId?: string | undefined },
    result: AnswerResult,
  ) {
    await logAnswer.execute({
      shopId: shop.id,
      conversation: asked.conversation,
      message: asked.question,
      response: result.text,
      confidence: result.confidence,
      language: result.language,
      sources: result.sources,
      handover: result.handover?.reason ?? null,
      productId: asked.productId ?? null,
    });
  }

  return {
    record,
    /** The index cache's figures (shops held, bytes, hits, misses, evictions). */
    indexStats: () => cache.stats(),
    /** Settles once the indexes built so far are written out (or failed to be). */
    indexesWritten: async () => {
      await Promise.all([...writing]);
    },
    /** The simulator's conversation so far (its logged answers), oldest first. */
    simulatorHistory: (shopId: string, conversation: string) =>
      simulatorTurns(ctx.database.db, shopId, conversation),
    /** The latest `limit` answers the bot gave in the merchant's shops, oldest first (/test). */
    async log(merchantId: string, limit: number) {
      const rows = await ctx.database.db
        .select({ answer: botAnswers })
        .from(botAnswers)
        .innerJoin(shops, eq(shops.id, botAnswers.shopId))
        .where(eq(shops.merchantId, merchantId))
        .orderBy(desc(botAnswers.id))
        .limit(limit);
      return rows.reverse().map((r) => r.answer);
    },
    async answer(
      shop: ShopRow,
      question: string,
      options: {
        productId?: string | undefined;
        conversation: string;
        /** Recent turns of the conversation, oldest first, with the cards shared in them. */
        history?: HistoryTurn[];
        /** False when the caller logs the answer itself (part of an order answer). */
        log?: boolean;
      },
    ): Promise<AnswerResult> {
      // The merchant's approved answer to this very question comes before anything composed.
      const result =
        (await approved.reply(shop, question, options.history)) ??
        (await answer(question, {
          index: await indexFor(shop),
          ...(options.productId ? { productId: options.productId } : {}),
          ...(options.history ? { history: options.history } : {}),
          ...(composer ? { composer } : {}),
          ...(embedder ? { embedder } : {}),
        }));
      if (options.log !== false)
        await record(
          shop,
          { conversation: options.conversation, question, productId: options.productId },
          result,
        );
      return result;
    },
  };
}

export type AnsweringService = ReturnType<typeof createAnsweringService>;
