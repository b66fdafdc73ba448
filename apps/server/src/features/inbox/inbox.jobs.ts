import { z } from 'zod';
import type { Outbox } from '../../platform/outbox.ts';
import { bindJob, defineJob } from '../../platform/queue.ts';
import { REPLY_STORED, type ReplyStoredPayload } from './inbox.events.ts';
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

/** A reply a crash left pending (its event relayed): matched with its echo or sent again. */
export const settleReplyJob = defineJob({
  name: 'inbox.settle-reply',
  lane: 'reply',
  schema: z.object({ messageId: z.uuid() }),
  attempts: 1,
});

/** Scheduled: snoozes whose time has come end, live on every dashboard. */
export const wakeSnoozedJob = defineJob({
  name: 'inbox.wake-snoozed',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

/** Scheduled: chats whose waiting draft now raises them in "Needs you" are shown so, live. */
export const raiseDueDraftsJob = defineJob({
  name: 'inbox.raise-due-drafts',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});
/** How often drafts running low are looked for; each run looks back twice as far (a late run misses none). */
export const RAISE_DRAFTS_EVERY_MS = 30_000;

/** Scheduled: each shop's count rows are folded into one (decision 0015). */
export const compactTalliesJob = defineJob({
  name: 'inbox.compact-tallies',
  schema: z.object({}),
  attempts: 1,
});

export const inboxJobHandlers = (
  outbox: Pick<Outbox, 'subscribe'>,
  platformRead: PlatformRead,
  pendingReplies: PendingReplies,
  inbox: Pick<InboxService, 'wakeSnoozed' | 'raiseDueDrafts' | 'views'>,
) => [
  bindJob(readOnPlatformJob, ({ conversationId }) => platformRead.readOnPlatform(conversationId)),
  // The event goes with the reply's pending state (sent or failed: a trigger); a try that could not
  // settle it leaves it to the sweeper.
  outbox.subscribe<ReplyStoredPayload>({
    kinds: [REPLY_STORED],
    job: settleReplyJob,
    keyOf: (p) => p.messageId,
    ack: 'by-subscriber',
    handle: ({ messageId }) => pendingReplies.settle(messageId),
    onDead: ({ messageId }) => pendingReplies.giveUp(messageId),
  }),
  bindJob(wakeSnoozedJob, async () => {
    // A large backlog (a long outage) is taken a batch at a time.
    while ((await inbox.wakeSnoozed()) > 0);
  }),
  bindJob(raiseDueDraftsJob, async () => {
    await inbox.raiseDueDrafts(2 * RAISE_DRAFTS_EVERY_MS);
  }),
  bindJob(compactTalliesJob, () => inbox.views.compactTallies()),
];
