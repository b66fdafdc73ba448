import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { PendingReplies } from './replies/pending-replies.ts';
import type { PlatformRead } from './sync/platform-read.ts';

/** After the merchant opened a conversation: the platform hears it was read. */
export const readOnPlatformJob = defineJob({
  name: 'inbox.read-on-platform',
  schema: z.object({ conversationId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});

/** Scheduled (and at start): replies a crash left pending are matched with their echo or sent again. */
export const reconcilePendingRepliesJob = defineJob({
  name: 'inbox.reconcile-pending',
  schema: z.object({}),
  attempts: 1,
});

export const inboxJobHandlers = (platformRead: PlatformRead, pendingReplies: PendingReplies) => [
  bindJob(readOnPlatformJob, ({ conversationId }) => platformRead.readOnPlatform(conversationId)),
  bindJob(reconcilePendingRepliesJob, () => pendingReplies.reconcile()),
];
