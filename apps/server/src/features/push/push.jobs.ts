import { z } from 'zod';
import { bindJob, defineJob } from '../../platform/queue.ts';

const notifyPayload = z.object({
  conversationId: z.uuid(),
  shopId: z.uuid(),
  /** The newest message's time: one push per message. */
  messageAt: z.iso.datetime(),
  title: z.string(),
  preview: z.string(),
});
export type NotifyPayload = z.infer<typeof notifyPayload>;

/**
 * A conversation started needing the merchant: its push goes to their browsers. Not retried: a
 * browser that missed it still finds the chat in the Inbox, and a retry after some browsers got it
 * would send nothing (the message is claimed).
 */
export const notifyJob = defineJob({
  name: 'push.notify',
  schema: notifyPayload,
  attempts: 1,
  lane: 'reply',
});

/** What sends a push (the push service, bound where it is built). */
export interface PushNotifier {
  notify(payload: NotifyPayload): Promise<unknown>;
}

export const pushJobHandlers = (push: PushNotifier) => [
  bindJob(notifyJob, async (payload) => {
    await push.notify(payload);
  }),
];
