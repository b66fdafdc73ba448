import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';
import type { InboxService } from './inbox.service.ts';
import type { PendingReplies } from './replies/pending-replies.ts';
import type { PlatformRead } from './sync/platform-read.ts';

/** After the merchant opened a conversation: the platform hears it was read. */
export const readOnPlatformJob = defineJob({
  name: 'inbox.read-on-platform',
  lane: 'reply',
  schema: z.object({ conversationId: z.uuid() }),
  attempts: 3,
  backoffMs: 2000,
});

/** Scheduled (and at start): replies a crash left pending are matched with their echo or sent again. */
export const reconcilePendingRepliesJob = defineJob({
  name: 'inbox.reconcile-pending',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

/** Scheduled: snoozes whose time has come end, live on every dashboard. */
export const wakeSnoozedJob = defineJob({
  name: 'inbox.wake-snoozed',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

/** Scheduled: each shop's count rows are folded into one (decision 0015). */
export const compactTalliesJob = defineJob({
  name: 'inbox.compact-tallies',
  schema: z.object({}),
  attempts: 1,
});

export const inboxJobHandlers = (
  platformRead: PlatformRead,
  pendingReplies: PendingReplies,
  inbox: Pick<InboxService, 'wakeSnoozed' | 'views'>,
) => [
  bindJob(readOnPlatformJob, ({ conversationId }) => platformRead.readOnPlatform(conversationId)),
  bindJob(reconcilePendingRepliesJob, () => pendingReplies.reconcile()),
  bindJob(wakeSnoozedJob, async () => {
    // A large backlog (a long outage) is taken a batch at a time.
    while ((await inbox.wakeSnoozed()) > 0);
  }),
  bindJob(compactTalliesJob, () => inbox.views.compactTallies()),
];
