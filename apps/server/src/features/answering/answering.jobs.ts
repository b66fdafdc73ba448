import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { AutoReply } from './auto-reply.ts';

/** The bot's answer to one shopper message (exactly once: see auto-reply.ts). */
export const autoReplyJob = defineJob({
  name: 'answering.auto-reply',
  schema: z.object({ messageId: z.uuid() }),
  attempts: 3,
  backoffMs: 1000,
});

export const answeringJobHandlers = (autoReply: AutoReply) => [
  bindJob(autoReplyJob, async ({ messageId }) => {
    await autoReply.replyTo(messageId);
  }),
];
