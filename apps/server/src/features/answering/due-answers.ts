import { inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { answersDue, deadJobs, shops } from '../../db/schema.ts';
import { crashCutoff } from '../../platform/recovery.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import { autoReplyJob, queueWaitingPass } from './answering.jobs.ts';

/** An answer still due this long after its message was stored lost its job (a crash, a flush). */
export const ANSWER_LOST_AFTER_MS = 60_000;
/** Sweeps that queue a message's answer again before it is given up as dead. */
export const MAX_ANSWER_SWEEPS = 10;
const BATCH = 500;

/**
 * Queues again the bot's decision on shopper messages whose answer is still due (in embedded mode,
 * at once for those due since before this process started). A job still queued for the message is
 * not doubled: the message id is its job id.
 */
export function createDueAnswers(ctx: AppContext, deps: { inbox: Pick<InboxService, 'settleAnswer'> }) {
  const { db } = ctx.database;
  const startedAt = new Date();
  return {
    async sweep() {
      const lost = db
        .select({ messageId: answersDue.messageId })
        .from(answersDue)
        .where(lt(answersDue.dueAt, crashCutoff(ctx.config, startedAt, ANSWER_LOST_AFTER_MS)))
        .limit(BATCH);
      const rows = await db
        .update(answersDue)
        .set({ sweeps: sql`${answersDue.sweeps} + 1`, dueAt: sql`now()` })
        .where(inArray(answersDue.messageId, lost))
        .returning();
      const dead = rows.filter((r) => r.sweeps > MAX_ANSWER_SWEEPS);
      if (dead.length > 0) {
        ctx.log.error({ messages: dead.map((r) => r.messageId) }, 'answers given up after repeated failures');
        await db.insert(deadJobs).values(
          dead.map((r) => ({
            name: autoReplyJob.name,
            payload: { messageId: r.messageId },
            attempts: r.sweeps,
            error: `still unanswered after ${MAX_ANSWER_SWEEPS} sweeps`,
          })),
        );
        // Nothing is due any more: the shopper's conversation shows in "Needs you" (nobody else answers).
        for (const r of dead) await deps.inbox.settleAnswer(r.messageId, null, { force: true });
      }
      for (const row of rows.filter((r) => r.sweeps <= MAX_ANSWER_SWEEPS)) {
        await ctx.queue.enqueue(autoReplyJob, { messageId: row.messageId }, { jobId: row.messageId });
      }
      // Shops turned on whose pass over the shoppers then waiting did not finish (its job lost).
      const passes = await db
        .select({ id: shops.id, since: shops.waitingPassAt })
        .from(shops)
        .where(lt(shops.waitingPassAt, crashCutoff(ctx.config, startedAt, ANSWER_LOST_AFTER_MS)))
        .limit(BATCH);
      for (const pass of passes) await queueWaitingPass(ctx.queue, pass.id, pass.since!);
      return rows.length;
    },
  };
}

export type DueAnswers = ReturnType<typeof createDueAnswers>;
