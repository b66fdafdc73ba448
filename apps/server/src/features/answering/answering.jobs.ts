import { z } from 'zod';
import type { Outbox } from '../../platform/outbox.ts';
import { defineJob } from '../../platform/queue.ts';
import { ANSWER_DUE_EVENTS, type AnswerDuePayload } from '../inbox/inbox.events.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import { SHOP_BOT_ENABLED } from '../shops/shops.events.ts';
import type { AutoReply } from './auto-reply.ts';

/**
 * The bot's decision on one shopper message (exactly once: see auto-reply.ts): the job of the
 * inbox's `message.received` and `reply.requested` events (inbox.events.ts).
 */
export const autoReplyJob = defineJob({
  name: 'answering.auto-reply',
  lane: 'reply',
  schema: z.object({ messageId: z.uuid() }),
  attempts: 3,
  backoffMs: 1000,
});

/**
 * The shop's switch was turned on (its `shop.bot-enabled` event): the shoppers of its conversations
 * who wrote while it was off and still wait get the bot's answer (inbox.answerWaiting, a page at a
 * time; safe to run again).
 */
export const answerWaitingJob = defineJob({
  name: 'answering.answer-waiting',
  lane: 'reply',
  schema: z.object({ shopId: z.uuid() }),
  attempts: 5,
  backoffMs: 2000,
});

/**
 * Answering subscribes to the events that owe a shopper the bot's decision. An answer due is
 * acknowledged by the decision that settles it (in its transaction); one whose job was lost is
 * relayed again by the outbox's sweeper, and one given up leaves its shopper in "Needs you".
 */
export const answeringJobHandlers = (
  outbox: Pick<Outbox, 'subscribe'>,
  deps: {
    autoReply: Pick<AutoReply, 'replyTo'>;
    inbox: Pick<InboxService, 'answerWaiting' | 'settleAnswer'>;
  },
) => [
  outbox.subscribe<AnswerDuePayload>({
    kinds: ANSWER_DUE_EVENTS,
    job: autoReplyJob,
    keyOf: (p) => p.messageId,
    ack: 'by-subscriber',
    handle: async ({ messageId }) => {
      await deps.autoReply.replyTo(messageId);
    },
    // Nothing is due any more: the shopper's conversation shows in "Needs you" (nobody else answers).
    onDead: async ({ messageId }) => {
      await deps.inbox.settleAnswer(messageId, null, { force: true });
    },
  }),
  outbox.subscribe<{ shopId: string }>({
    kinds: [SHOP_BOT_ENABLED],
    job: answerWaitingJob,
    keyOf: (p) => p.shopId,
    ack: 'on-success',
    handle: async ({ shopId }) => {
      await deps.inbox.answerWaiting(shopId);
    },
  }),
];
