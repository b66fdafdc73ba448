import { z } from 'zod';
import { bindJob, defineJob, type Queue } from '../../platform/queue.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { AutoReply } from './auto-reply.ts';
import type { DueAnswers } from './due-answers.ts';

/** The bot's answer to one shopper message (exactly once: see auto-reply.ts). */
export const autoReplyJob = defineJob({
  name: 'answering.auto-reply',
  lane: 'reply',
  schema: z.object({ messageId: z.uuid() }),
  attempts: 3,
  backoffMs: 1000,
});

/** Scheduled (and at start): shopper messages whose answer is still due are queued again. */
export const sweepDueAnswersJob = defineJob({
  name: 'answering.sweep-due',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

/**
 * The shop's switch was turned on: the shoppers of its conversations who wrote while it was off and
 * still wait get the bot's answer (inbox.answerWaiting, a page at a time; safe to run again).
 */
export const answerWaitingJob = defineJob({
  name: 'answering.answer-waiting',
  lane: 'reply',
  schema: z.object({ shopId: z.uuid() }),
  attempts: 5,
  backoffMs: 2000,
});

/** Queues a shop's pass once (its id is the shop's and the time it was turned on). */
export const queueWaitingPass = (queue: Queue, shopId: string, since: Date) =>
  queue.enqueue(answerWaitingJob, { shopId }, { jobId: `${shopId}.${since.getTime()}` });

export const answeringJobHandlers = (
  autoReply: AutoReply,
  dueAnswers: DueAnswers,
  inbox: Pick<InboxService, 'answerWaiting'>,
) => [
  bindJob(autoReplyJob, async ({ messageId }) => {
    await autoReply.replyTo(messageId);
  }),
  bindJob(sweepDueAnswersJob, async () => {
    await dueAnswers.sweep();
  }),
  bindJob(answerWaitingJob, async ({ shopId }) => {
    await inbox.answerWaiting(shopId);
  }),
];
