import {
  type AnswerResult,
  type ApprovedIndex,
  answerApproved,
  buildApprovedIndex,
  DEFAULT_APPROVED_THRESHOLD,
  type HistoryTurn,
  matchApproved,
} from '@balas/bot';
import {
  type ApprovedAnswer,
  type ApprovedList,
  type ApprovedTry,
  type ApprovedUsage,
  type approvedAnswerBody,
  testLimits,
  testWords,
} from '@balas/contracts';
import { and, asc, count, eq, gte, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { approvedAnswers, approvedSettings, botAnswers, type ShopRow, shops } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { bumpTraining } from '../shops/training-version.ts';

type Body = z.output<typeof approvedAnswerBody>;
type Row = typeof approvedAnswers.$inferSelect;

const CACHE_SHOPS = 200;
const USAGE_DAYS = 30;

const dayStart = (days: number) => new Date(Date.now() - days * 24 * 60 * 60 * 1000);

/**
 * The merchant's approved answers: kept per shop, matched to shoppers' questions before the engine
 * composes (decision 0023). Every change is a training change: the shop's version moves, the matcher
 * is rebuilt and its test questions run again.
 */
export function createApprovedAnswers(db: Db) {
  const cache = new Map<string, { version: number; index: ApprovedIndex; threshold: number }>();

  async function threshold(shopId: string): Promise<number> {
    const [row] = await db.select().from(approvedSettings).where(eq(approvedSettings.shopId, shopId));
    return row?.threshold ?? DEFAULT_APPROVED_THRESHOLD;
  }

  async function matcherFor(shop: ShopRow) {
    const hit = cache.get(shop.id);
    if (hit && hit.version === shop.trainingVersion) {
      cache.delete(shop.id);
      cache.set(shop.id, hit);
      return hit;
    }
    const [rows, limit] = await Promise.all([
      db.select().from(approvedAnswers).where(eq(approvedAnswers.shopId, shop.id)),
      threshold(shop.id),
    ]);
    const entry = {
      version: shop.trainingVersion,
      index: buildApprovedIndex(rows.map((r) => ({ id: r.id, questions: r.questions, answers: r.answers }))),
      threshold: limit,
    };
    cache.set(shop.id, entry);
    if (cache.size > CACHE_SHOPS) cache.delete(cache.keys().next().value as string);
    return entry;
  }

  /** Replies sent from each approved answer since `from`. */
  async function sentSince(shopId: string, from: Date): Promise<Map<string, number>> {
    const rows = await db
      .select({ sources: botAnswers.sources })
      .from(botAnswers)
      .where(
        and(
          eq(botAnswers.shopId, shopId),
          gte(botAnswers.createdAt, from),
          sql`${botAnswers.sources} @> '[{"kind":"approved"}]'::jsonb`,
        ),
      );
    const sent = new Map<string, number>();
    for (const { sources } of rows)
      for (const s of sources as { kind?: string; id?: string }[])
        if (s.kind === 'approved' && s.id) sent.set(s.id, (sent.get(s.id) ?? 0) + 1);
    return sent;
  }

  const view = (row: Row, sent: number): ApprovedAnswer => ({
    id: row.id,
    questions: row.questions,
    answers: row.answers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sent,
  });

  async function owned(shopId: string, id: string): Promise<Row> {
    if (!isUuid(id)) throw notFound(testWords.approvedNotFound);
    const [row] = await db
      .select()
      .from(approvedAnswers)
      .where(and(eq(approvedAnswers.shopId, shopId), eq(approvedAnswers.id, id)));
    if (!row) throw notFound(testWords.approvedNotFound);
    return row;
  }

  return {
    /** The approved reply for a shopper's message, when one matches; else undefined (the engine answers). */
    async reply(shop: ShopRow, question: string, history?: HistoryTurn[]): Promise<AnswerResult | undefined> {
      const { index, threshold: limit } = await matcherFor(shop);
      if (index.entries.length === 0) return undefined;
      return answerApproved(question, index, { threshold: limit, ...(history ? { history } : {}) });
    },

    async list(shopId: string): Promise<ApprovedList> {
      const [rows, limit, sent] = await Promise.all([
        db
          .select()
          .from(approvedAnswers)
          .where(eq(approvedAnswers.shopId, shopId))
          .orderBy(asc(approvedAnswers.createdAt)),
        threshold(shopId),
        sentSince(shopId, dayStart(USAGE_DAYS)),
      ]);
      return { threshold: limit, answers: rows.map((r) => view(r, sent.get(r.id) ?? 0)) };
    },

    async create(shopId: string, body: Body): Promise<ApprovedAnswer> {
      return db.transaction(async (tx) => {
        const [{ n } = { n: 0 }] = await tx
          .select({ n: count() })
          .from(approvedAnswers)
          .where(eq(approvedAnswers.shopId, shopId));
        if (n >= testLimits.approvedPerShop) throw new AppError('unprocessable', testWords.tooManyApproved);
        const [row] = await tx
          .insert(approvedAnswers)
          .values({ shopId, questions: body.questions, answers: body.answers })
          .returning();
        await bumpTraining(tx, shopId);
        return view(row!, 0);
      });
    },

    async update(shopId: string, id: string, body: Body): Promise<ApprovedAnswer> {
      await owned(shopId, id);
      // Outside the transaction: on PGlite it holds the one connection.
      const sent = await sentSince(shopId, dayStart(USAGE_DAYS));
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(approvedAnswers)
          .set({ questions: body.questions, answers: body.answers, updatedAt: new Date() })
          .where(and(eq(approvedAnswers.shopId, shopId), eq(approvedAnswers.id, id)))
          .returning();
        if (!updated) throw notFound(testWords.approvedNotFound);
        await bumpTraining(tx, shopId);
        return updated;
      });
      return view(row, sent.get(row.id) ?? 0);
    },

    async remove(shopId: string, id: string): Promise<void> {
      await owned(shopId, id);
      await db.transaction(async (tx) => {
        await tx
          .delete(approvedAnswers)
          .where(and(eq(approvedAnswers.shopId, shopId), eq(approvedAnswers.id, id)));
        await bumpTraining(tx, shopId);
      });
    },

    async setThreshold(shopId: string, value: number): Promise<number> {
      await db.transaction(async (tx) => {
        await tx
          .insert(approvedSettings)
          .values({ shopId, threshold: value })
          .onConflictDoUpdate({ target: approvedSettings.shopId, set: { threshold: value } });
        await bumpTraining(tx, shopId);
      });
      return value;
    },

    /** What a shopper asking `question` gets, at the shop's threshold or one the merchant is trying. */
    async tryQuestion(shop: ShopRow, question: string, trying?: number): Promise<ApprovedTry> {
      const { index, threshold: limit } = await matcherFor(shop);
      const at = trying ?? limit;
      const best = matchApproved(question, index, 0);
      const sent = best !== undefined && best.score >= at;
      const reply = sent ? answerApproved(question, index, { threshold: at }) : undefined;
      return {
        threshold: at,
        best: best ? { id: best.record.id, question: best.question, score: best.score, sent } : null,
        reply: reply?.text ?? null,
        language: reply?.language ?? null,
      };
    },

    /** Insights' figure: approved answers kept in the merchant's shops (or one), and replies sent from them. */
    async usage(merchantId: string, shopId: string | undefined, days: number): Promise<ApprovedUsage> {
      const mine = await db
        .select({ id: shops.id })
        .from(shops)
        .where(and(eq(shops.merchantId, merchantId), shopId ? eq(shops.id, shopId) : undefined));
      const ids = mine.map((s) => s.id);
      if (ids.length === 0) return { approved: 0, sent: 0, days };
      const [kept, used] = await Promise.all([
        db.select({ n: count() }).from(approvedAnswers).where(inArray(approvedAnswers.shopId, ids)),
        db
          .select({ n: count() })
          .from(botAnswers)
          .where(
            and(
              inArray(botAnswers.shopId, ids),
              gte(botAnswers.createdAt, dayStart(days)),
              sql`${botAnswers.sources} @> '[{"kind":"approved"}]'::jsonb`,
            ),
          ),
      ]);
      return { approved: kept[0]?.n ?? 0, sent: used[0]?.n ?? 0, days };
    },
  };
}

export type ApprovedAnswersService = ReturnType<typeof createApprovedAnswers>;
