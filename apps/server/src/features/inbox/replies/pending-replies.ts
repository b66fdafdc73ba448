import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../../context.ts';
import { conversations, deadJobs, messages, shops } from '../../../db/schema.ts';
import { errorText } from '../../../platform/queue.ts';
import { crashCutoff } from '../../../platform/recovery.ts';
import type { ReplyService } from '../reply.service.ts';
import type { SyncService } from '../sync.service.ts';

/** A reply still pending this long was cut off by a crash (a send takes seconds at most). */
export const PENDING_STUCK_AFTER_MS = 2 * 60_000;
/** Tries to settle one reply are this far apart, and this many at most before it is given up. */
export const SETTLE_RETRY_AFTER_MS = PENDING_STUCK_AFTER_MS;
export const MAX_SETTLE_TRIES = 10;
const BATCH = 50;

/**
 * Replies left 'pending' by a crash between storing and sending are never left so: the platform's
 * echo, if it sent them, is looked for (re-reading the conversation adopts it, see inbox.ingest);
 * a reply the platform never got is sent again. Website chats have no platform: they were shown.
 * In embedded mode, a reply pending since before this process started is taken up at once.
 * Each try is counted; the least recently tried go first, so replies that cannot be settled (their
 * conversation can no longer be read) never hold back newer ones, and after MAX_SETTLE_TRIES they
 * fail with the reason (the merchant sees it, with its retry) and are kept as a dead job.
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
          or(isNull(messages.triedAt), lt(messages.triedAt, new Date(Date.now() - SETTLE_RETRY_AFTER_MS))),
          shopId ? eq(messages.shopId, shopId) : undefined,
        ),
      )
      .orderBy(sql`${messages.triedAt} asc nulls first`, messages.createdAt)
      .limit(BATCH);
  }

  type Stuck = Awaited<ReturnType<typeof stuck>>[number];

  /** Adopts the platform's echo of a pending reply, or sends it again if the platform never got it. */
  async function settle({ message, conversation, shop }: Stuck) {
    if (shop.provider === 'website') {
      await db.update(messages).set({ status: 'sent' }).where(eq(messages.id, message.id));
      return;
    }
    // Counted before it is made, so a try that takes the process down counts too.
    const [tried] = await db
      .update(messages)
      .set({ settleTries: sql`${messages.settleTries} + 1`, triedAt: new Date() })
      .where(and(eq(messages.id, message.id), sql`${messages.status} = 'pending'`))
      .returning({ tries: messages.settleTries });
    if (!tried) return;
    try {
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
      if (tried.tries >= MAX_SETTLE_TRIES) await giveUp({ message, conversation, shop }, tried.tries, error);
    }
  }

  async function giveUp({ message, conversation, shop }: Stuck, tries: number, error: unknown) {
    const cause = error instanceof Error ? error.message : String(error);
    const reason = `Not sent: ${tries} tries to check it with ${shop.provider} failed (${cause})`;
    const failed = await deps.replies.fail(shop, conversation, message.id, reason);
    if (!failed) return;
    ctx.log.error({ messageId: message.id, shopId: shop.id }, 'a pending reply was given up');
    await db.insert(deadJobs).values({
      name: 'inbox.pending-reply',
      payload: { messageId: message.id },
      attempts: tries,
      error: `${reason}\n${errorText(error)}`,
    });
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
