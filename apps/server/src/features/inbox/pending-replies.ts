import { and, eq, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations, messages, shops } from '../../db/schema.ts';
import { crashCutoff } from '../../platform/recovery.ts';
import type { ReplyService } from './reply.service.ts';
import type { SyncService } from './sync.service.ts';

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

  return {
    async reconcile() {
      for (const { message, conversation, shop } of await stuck()) {
        try {
          if (shop.provider === 'website') {
            await db.update(messages).set({ status: 'sent' }).where(eq(messages.id, message.id));
            continue;
          }
          await deps.sync.syncConversation(shop, conversation.externalId, { answer: false });
          const [still] = await db
            .select({ status: messages.status })
            .from(messages)
            .where(eq(messages.id, message.id));
          if (still?.status === 'pending') await deps.replies.redeliver(shop, conversation, message);
        } catch (error) {
          ctx.log.warn({ messageId: message.id, err: error }, 'a pending reply could not be reconciled');
        }
      }
    },
  };
}

export type PendingReplies = ReturnType<typeof createPendingReplies>;
