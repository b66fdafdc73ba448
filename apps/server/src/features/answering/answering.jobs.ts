import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { AutoReply } from './auto-reply.ts';
import type { DueAnswers } from './due-answers.ts';

/** The bot's answer to one shopper message (exactly once: see auto-reply.ts). */
export const autoReplyJob = defineJob({
  name: 'answering.auto-reply',
  schema: z.object({ messageId: z.uuid() }),
  attempts: 3,
  backoffMs: 1000,
});

/** Scheduled (and at start): shopper messages whose answer is still due are queued again. */
export const sweepDueAnswersJob = defineJob({
  name: 'answering.sweep-due',
  schema: z.object({}),
  attempts: 1,
});

export const answeringJobHandlers = (autoReply: AutoReply, dueAnswers: DueAnswers) => [
  bindJob(autoReplyJob, async ({ messageId }) => {
    await autoReply.replyTo(messageId);
  }),
  bindJob(sweepDueAnswersJob, async () => {
    await dueAnswers.sweep();
  }),
];
