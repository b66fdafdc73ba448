import {
  type TestQuestion,
  type TestResult,
  type TestRun,
  type TestSummary,
  type TestsOverview,
  testLimits,
  type testQuestionBody,
  testWords,
} from '@balas/contracts';
import { and, asc, count, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { type ShopRow, shops, testQuestions, testResults, testRuns } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AnsweringService } from '../answering/answering.service.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { changeOf, judge } from './evaluate.ts';
import { runTestsJob } from './test-questions.jobs.ts';

type Body = z.output<typeof testQuestionBody>;
type QuestionRow = typeof testQuestions.$inferSelect;
type RunRow = typeof testRuns.$inferSelect;

/** A run still 'running' after this was left by a crash (a run of 200 questions takes seconds). */
const STALE_RUN_MS = 10 * 60 * 1000;
/** The simulator's conversation id for test runs (never logged: `log: false`). */
const TEST_CONVERSATION = '0';

const questionView = (q: QuestionRow): TestQuestion => ({
  id: q.id,
  question: q.question,
  expect: q.expect,
  facts: q.facts,
  origin: q.origin,
  createdAt: q.createdAt.toISOString(),
});

const runView = (r: RunRow): TestRun => ({
  id: r.id,
  trigger: r.trigger,
  status: r.status,
  total: r.total,
  passed: r.passed,
  createdAt: r.createdAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A shop's test questions and their runs (issue 28.1, decision 0023): run by hand or, by the sweep,
 * after every training change; each run stores every reply so a result that changed shows both.
 */
export function createTestQuestions(ctx: AppContext, deps: { answering: AnsweringService }) {
  const { db } = ctx.database;

  async function owned(shopId: string, id: string): Promise<QuestionRow> {
    if (!isUuid(id)) throw notFound(testWords.questionNotFound);
    const [row] = await db
      .select()
      .from(testQuestions)
      .where(and(eq(testQuestions.shopId, shopId), eq(testQuestions.id, id)));
    if (!row) throw notFound(testWords.questionNotFound);
    return row;
  }

  /** The shop's two latest finished runs, newest first. */
  const lastDone = (shopId: string) =>
    db
      .select()
      .from(testRuns)
      .where(and(eq(testRuns.shopId, shopId), eq(testRuns.status, 'done')))
      .orderBy(desc(testRuns.createdAt))
      .limit(2);

  async function start(shop: Pick<ShopRow, 'id' | 'trainingVersion'>, trigger: 'manual' | 'training') {
    const [run] = await db
      .insert(testRuns)
      .values({ shopId: shop.id, trainingVersion: shop.trainingVersion, trigger })
      .onConflictDoNothing()
      .returning();
    if (run) await ctx.queue.enqueue(runTestsJob, { runId: run.id });
    return run;
  }

  const service = {
    async overview(shopId: string): Promise<TestsOverview> {
      const [questions, [latest, previous], [running]] = await Promise.all([
        db
          .select()
          .from(testQuestions)
          .where(eq(testQuestions.shopId, shopId))
          .orderBy(asc(testQuestions.createdAt)),
        lastDone(shopId),
        db
          .select({ id: testRuns.id })
          .from(testRuns)
          .where(and(eq(testRuns.shopId, shopId), eq(testRuns.status, 'running')))
          .limit(1),
      ]);
      let results: TestResult[] = [];
      if (latest) {
        const [now, before] = await Promise.all([
          db.select().from(testResults).where(eq(testResults.runId, latest.id)),
          previous ? db.select().from(testResults).where(eq(testResults.runId, previous.id)) : [],
        ]);
        const beforeOf = new Map(before.map((r) => [r.questionId, r]));
        const order = new Map(questions.map((q, i) => [q.id, i]));
        results = now
          .sort((a, b) => (order.get(a.questionId) ?? 0) - (order.get(b.questionId) ?? 0))
          .map((r) => {
            const was = beforeOf.get(r.questionId);
            const change = changeOf(r.passed, was?.passed);
            return {
              questionId: r.questionId,
              question: r.question,
              passed: r.passed,
              reply: r.reply,
              handover: r.handover,
              confidence: r.confidence,
              language: r.language,
              missing: r.missing,
              approved: r.approved,
              change,
              previousReply: was && (change !== 'same' || was.reply !== r.reply) ? was.reply : null,
            };
          });
      }
      return {
        questions: questions.map(questionView),
        latest: latest ? runView(latest) : null,
        previous: previous ? runView(previous) : null,
        results,
        running: Boolean(running),
      };
    },

    async create(shopId: string, body: Body): Promise<TestQuestion> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(testQuestions)
        .where(eq(testQuestions.shopId, shopId));
      if (n >= testLimits.questionsPerShop) throw new AppError('unprocessable', testWords.tooManyQuestions);
      const [row] = await db
        .insert(testQuestions)
        .values({
          shopId,
          question: body.question,
          expect: body.expect,
          facts: body.expect === 'handover' ? [] : body.facts,
          origin: body.origin,
        })
        .returning();
      return questionView(row!);
    },

    async update(shopId: string, id: string, body: Body): Promise<TestQuestion> {
      await owned(shopId, id);
      const [row] = await db
        .update(testQuestions)
        .set({
          question: body.question,
          expect: body.expect,
          facts: body.expect === 'handover' ? [] : body.facts,
          updatedAt: new Date(),
        })
        .where(and(eq(testQuestions.shopId, shopId), eq(testQuestions.id, id)))
        .returning();
      if (!row) throw notFound(testWords.questionNotFound);
      return questionView(row);
    },

    async remove(shopId: string, id: string): Promise<void> {
      await owned(shopId, id);
      await db.delete(testQuestions).where(and(eq(testQuestions.shopId, shopId), eq(testQuestions.id, id)));
    },

    /** "Run all": queued as a job; the page follows it until it is done. */
    async runAll(shop: ShopRow): Promise<TestRun> {
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(testQuestions)
        .where(eq(testQuestions.shopId, shop.id));
      if (n === 0) throw new AppError('unprocessable', testWords.noQuestions);
      const run = await start(shop, 'manual');
      return runView(run!);
    },

    /** The run's job: every question answered as a shopper would be answered, judged and stored. */
    async execute(runId: string): Promise<void> {
      const [run] = await db.select().from(testRuns).where(eq(testRuns.id, runId));
      if (!run || run.status !== 'running') return;
      const [shop] = await db.select().from(shops).where(eq(shops.id, run.shopId));
      if (!shop) return;
      try {
        const questions = await db
          .select()
          .from(testQuestions)
          .where(eq(testQuestions.shopId, shop.id))
          .orderBy(asc(testQuestions.createdAt));
        const rows: (typeof testResults.$inferInsert)[] = [];
        for (const q of questions) {
          const result = await deps.answering.answer(shop, q.question, {
            conversation: TEST_CONVERSATION,
            log: false,
          });
          const verdict = judge(q, { text: result.text, handedOver: result.handover !== null });
          rows.push({
            runId,
            questionId: q.id,
            question: q.question,
            passed: verdict.passed,
            reply: result.text,
            handover: result.handover?.reason ?? null,
            confidence: result.confidence,
            language: result.language,
            missing: verdict.missing,
            approved: result.sources.some((s) => s.kind === 'approved'),
          });
          // Answering is synchronous work: requests are served between questions.
          await nextTurn();
        }
        await db.transaction(async (tx) => {
          await tx.delete(testResults).where(eq(testResults.runId, runId));
          // A question deleted while the run went is left out (its row is gone).
          const live = new Set(
            (
              await tx
                .select({ id: testQuestions.id })
                .from(testQuestions)
                .where(eq(testQuestions.shopId, shop.id))
            ).map((r) => r.id),
          );
          const kept = rows.filter((r) => live.has(r.questionId));
          if (kept.length) await tx.insert(testResults).values(kept);
          await tx
            .update(testRuns)
            .set({
              status: 'done',
              total: kept.length,
              passed: kept.filter((r) => r.passed).length,
              finishedAt: new Date(),
            })
            .where(eq(testRuns.id, runId));
        });
      } catch (error) {
        await db
          .update(testRuns)
          .set({ status: 'failed', finishedAt: new Date() })
          .where(eq(testRuns.id, runId));
        throw error;
      }
    },

    /** Shops whose training changed since their last run (and that keep test questions) get a run. */
    async sweep(): Promise<number> {
      await db
        .update(testRuns)
        .set({ status: 'failed', finishedAt: new Date() })
        .where(
          and(eq(testRuns.status, 'running'), lt(testRuns.createdAt, new Date(Date.now() - STALE_RUN_MS))),
        );
      const due = await db
        .select({ id: shops.id, trainingVersion: shops.trainingVersion })
        .from(shops)
        .where(
          and(
            sql`exists (select 1 from ${testQuestions} where ${testQuestions.shopId} = ${shops.id})`,
            sql`${shops.trainingVersion} > coalesce((select max(${testRuns.trainingVersion}) from ${testRuns} where ${testRuns.shopId} = ${shops.id}), -1)`,
          ),
        );
      let started = 0;
      for (const shop of due) if (await start(shop, 'training')) started++;
      return started;
    },

    /** Each of the merchant's shops' latest finished run and the one before (the shops page). */
    async summary(merchantId: string): Promise<TestSummary> {
      const mine = await db.select({ id: shops.id }).from(shops).where(eq(shops.merchantId, merchantId));
      if (mine.length === 0) return [];
      const runs = await db
        .select()
        .from(testRuns)
        .where(
          and(
            inArray(
              testRuns.shopId,
              mine.map((s) => s.id),
            ),
            eq(testRuns.status, 'done'),
            sql`${testRuns.id} in (select r.id from ${testRuns} r where r.shop_id = ${testRuns.shopId} and r.status = 'done' order by r.created_at desc limit 2)`,
          ),
        )
        .orderBy(desc(testRuns.createdAt));
      const out: TestSummary = [];
      for (const { id } of mine) {
        const [latest, previous] = runs.filter((r) => r.shopId === id);
        if (!latest) continue;
        out.push({
          shopId: id,
          total: latest.total,
          passed: latest.passed,
          previousTotal: previous?.total ?? null,
          previousPassed: previous?.passed ?? null,
          finishedAt: (latest.finishedAt ?? latest.createdAt).toISOString(),
        });
      }
      return out;
    },
  };
  return service;
}

export type TestQuestionsService = ReturnType<typeof createTestQuestions>;
