import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { PlatformRead } from './platform-read.ts';

/** After the merchant opened a conversation: the platform hears it was read. */
export const readOnPlatformJob = defineJob({
  name: 'inbox.read-on-platform',
  schema: z.object({ conversationId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});

export const inboxJobHandlers = (platformRead: PlatformRead) => [
  bindJob(readOnPlatformJob, ({ conversationId }) => platformRead.readOnPlatform(conversationId)),
];
