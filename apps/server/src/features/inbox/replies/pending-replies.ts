import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { conversations, messages, shops } from '../../../db/schema.ts';
import { crashCutoff } from '../../../platform/recovery.ts';
import type { ReplyService } from '../reply.service.ts';
import type { SyncService } from '../sync.service.ts';

/** A reply still pending this long was cut off by a crash (a send takes seconds at most). */
export const PENDING_STUCK_AFTER_MS = 2 * 60_000;
const BATCH = 50;

/**
 * Replies left 'pending' by a crash between storing and sending are never left so: the platform's
 * echo, if it sent them, is looked for (re-reading the conversation adopts it, see inbox.ingest);
 * a reply the platform never got is sent again. Website chats have no platform: they were shown.
 * In embedded mode, a reply pending since before this process started is taken up at once.
 */
export function createPendingReplies(ctx: AppContext, deps: { sync: SyncService; replies: ReplyService }) {
  const { db } = ctx.database;
  const startedAt = new Date();

  async function stuck(shopId?: string) {
    return db
      .select({ message: messages, conversation: conversations, shop: shops })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .innerJoin(shops, eq(shops.id, messages.shopId))
      .where(
        and(
          sql`${messages.status} = 'pending'`,
          lt(messages.createdAt, crashCutoff(ctx.config, startedAt, PENDING_STUCK_AFTER_MS)),
          shopId ? eq(messages.shopId, shopId) : undefined,
        ),
      )
      .orderBy(messages.createdAt)
      .limit(BATCH);
  }

  type Stuck = Awaited<ReturnType<typeof stuck>>[number];

  /** Adopts the platform's echo of a pending reply, or sends it again if the platform never got it. */
  async function settle({ message, conversation, shop }: Stuck) {
    try {
      if (shop.provider === 'website') {
        await db.update(messages).set({ status: 'sent' }).where(eq(messages.id, message.id));
        return;
      }
      // Shopper messages written after the reply are new, and answered; those before it are not.
      await deps.sync.syncConversation(shop, conversation.externalId, { answer: message.createdAt });
      // Two settlers of one reply (the sweep, and its answer's job taken up again) must not both send
      // it: only the one that moves its stored time on does, which also keeps the sweep off it for a
      // while. The time read is in milliseconds, the stored one in microseconds.
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
      ctx.log.warn({ messageId: message.id, err: error }, 'a pending reply could not be reconciled');
    }
  }

  return {
    async reconcile() {
      for (const row of await stuck()) await settle(row);
    },

    /**
     * One reply left pending by an attempt that died mid-send, found when its job is taken up again
     * (a stalled job, a restart): settled now, not minutes later by the sweep.
     */
    async reconcileOne(messageId: string) {
      const [row] = await db
        .select({ message: messages, conversation: conversations, shop: shops })
        .from(messages)
        .innerJoin(conversations, eq(conversations.id, messages.conversationId))
        .innerJoin(shops, eq(shops.id, messages.shopId))
        .where(and(eq(messages.id, messageId), sql`${messages.status} = 'pending'`));
      if (row) await settle(row);
    },
  };
}

export type PendingReplies = ReturnType<typeof createPendingReplies>;
