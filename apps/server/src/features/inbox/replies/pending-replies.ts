import { channelOf } from '@balas/contracts';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { conversations, messages, shops } from '../../../db/schema.ts';
import { acknowledge, OUTBOX_MAX_ATTEMPTS } from '../../../platform/outbox.ts';
import { REPLY_STORED } from '../inbox.events.ts';
import type { ReplyService } from '../reply.service.ts';
import type { SyncService } from '../sync.service.ts';

/**
 * A reply still pending this long was cut off by a crash (a send takes seconds at most): its
 * 'reply.stored' event, which the database writes with it (migration 0026, the same 2 minutes), is
 * relayed then.
 */
export const PENDING_STUCK_AFTER_MS = 2 * 60_000;

/**
 * Replies left 'pending' by a crash between storing and sending are never left so. Each has its
 * outbox event while it is pending; relayed, it settles the reply here: the platform's echo, if it
 * sent the reply, is looked for (re-reading the conversation adopts it, see inbox.ingest); a reply
 * the platform never got is sent again. Website chats have no platform: they were shown. The event
 * goes with the pending state (sent or failed: the trigger). A try that fails keeps its cause on the
 * reply and leaves the event to the outbox's sweeper, which relays it again; once the outbox gives it
 * up, the reply fails with that cause (the merchant sees it, with its retry).
 */
export function createPendingReplies(ctx: AppContext, deps: { sync: SyncService; replies: ReplyService }) {
  const { db } = ctx.database;

  async function pendingRow(messageId: string) {
    const [row] = await db
      .select({ message: messages, conversation: conversations, shop: shops })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(shops, eq(shops.id, messages.shopId))
      .where(and(eq(messages.id, messageId), sql`${messages.status} = 'pending'`));
    return row;
  }

  type Pending = NonNullable<Awaited<ReturnType<typeof pendingRow>>>;

  /** Adopts the platform's echo of a pending reply, or sends it again if the platform never got it. */
  async function settle({ message, conversation, shop }: Pending) {
    if (!channelOf(shop.provider).marketplace) {
      await db.update(messages).set({ status: 'sent' }).where(eq(messages.id, message.id));
      return;
    }
    try {
      // Shopper messages written after the reply are new, and answered; those before it are not.
      await deps.sync.syncConversation(shop, conversation.externalId, { answer: message.createdAt });
      // Two settlers of one reply (its event, and its answer's job taken up again) must not both
      // send it: only the one that moves its stored time on does. The time read is in milliseconds,
      // the stored one in microseconds.
      const [claimed] = await db
        .update(messages)
        .set({ createdAt: new Date() })
        .where(
          and(
            eq(messages.id, message.id),
            sql`${messages.status} = 'pending'`,
            lt(messages.createdAt, new Date(message.createdAt.getTime() + 1)),
          ),
        )
        .returning();
      if (claimed) await deps.replies.redeliver(shop, conversation, claimed);
    } catch (error) {
      // Not a failed job: the sweeper relays the event again (the queue would keep a dead job per try).
      ctx.log.warn({ messageId: message.id, err: error }, 'a pending reply could not be settled yet');
      // The cause shown if it is given up (a pending reply shows no error).
      const cause = error instanceof Error ? error.message : String(error);
      await db
        .update(messages)
        .set({ error: cause.slice(0, 500) })
        .where(and(eq(messages.id, message.id), sql`${messages.status} = 'pending'`));
    }
  }

  return {
    /**
     * One reply still pending: its event relayed, or found by its answer's job taken up again (a
     * stalled job, a restart). Nothing to do once it was sent or failed.
     */
    async settle(messageId: string) {
      const row = await pendingRow(messageId);
      // Gone with its conversation: nothing removed its event.
      if (!row) await acknowledge(db, [REPLY_STORED], messageId);
      else await settle(row);
    },

    /** Its event was given up: the reply fails with the last cause, shown with its retry. */
    async giveUp(messageId: string) {
      const row = await pendingRow(messageId);
      if (!row) return;
      const { message, conversation, shop } = row;
      const reason = `Not sent: ${OUTBOX_MAX_ATTEMPTS} tries to check it with ${channelOf(shop.provider).name} failed (${message.error ?? 'no answer'})`;
      const failed = await deps.replies.fail(shop, conversation, message.id, reason);
      if (failed) ctx.log.error({ messageId: message.id, shopId: shop.id }, 'a pending reply was given up');
    },
  };
}

export type PendingReplies = ReturnType<typeof createPendingReplies>;
