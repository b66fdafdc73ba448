import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { alias, unionAll } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { answersDue, conversations, messages, shops } from '../../db/schema.ts';
import { CONTEXT_TURNS, turnColumns, turnsBefore } from './conversation-context.ts';

/** Messages read from the one decided on: enough to hold the newest ones of any conversation. */
export const NEWEST_WINDOW = 50;

const reply = alias(messages, 'reply');

/**
 * The statements every bot decision runs, built and prepared once per database (drizzle then only
 * binds their values; PostgreSQL and PGlite keep each parsed and planned).
 */
export function createAutoReplyStatements(db: Db) {
  const columns = (since: boolean) => ({
    ...turnColumns,
    written: since
      ? sql<boolean>`${messages.content}->>'kind' = 'text' and btrim(${messages.content}->>'text') <> ''`
      : sql<boolean>`false`,
    since: since ? sql<boolean>`true` : sql<boolean>`false`,
  });
  const conversationId = sql.placeholder('conversationId');
  const sentAt = sql.placeholder('sentAt');
  const messageId = sql.placeholder('messageId');
  const replyColumns = { id: reply.id, status: reply.status, createdAt: reply.createdAt };

  const decision = db
    .select({ message: messages, conversation: conversations, shop: shops, reply: replyColumns })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .innerJoin(shops, eq(shops.id, messages.shopId))
    .leftJoin(reply, eq(reply.replyTo, messages.id))
    .where(eq(messages.id, messageId))
    .prepare('auto_reply_decision');

  // The shopper's and the shop's messages from the decided one on and its history before it.
  const newestAndHistory = unionAll(
    db
      .select(columns(true))
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          inArray(messages.sender, ['customer', 'agent']),
          gte(messages.sentAt, sentAt),
        ),
      )
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(NEWEST_WINDOW),
    db
      .select(columns(false))
      .from(messages)
      .where(turnsBefore(conversationId, { id: messageId, sentAt }))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(CONTEXT_TURNS),
  ).prepare('auto_reply_newest_and_history');

  const replyOf = db
    .select({ id: messages.id, status: messages.status, createdAt: messages.createdAt })
    .from(messages)
    .where(eq(messages.replyTo, messageId))
    .prepare('auto_reply_reply_of');

  const stillDue = db
    .select({ id: answersDue.messageId })
    .from(answersDue)
    .where(eq(answersDue.messageId, messageId))
    .prepare('auto_reply_still_due');

  const message = db.select().from(messages).where(eq(messages.id, messageId)).prepare('auto_reply_message');

  return {
    /** The message decided on, with its conversation, its shop and the reply to it (null: none yet). */
    async decision(id: string) {
      const [row] = await decision.execute({ messageId: id });
      return row;
    },
    /** Rows marked `since` are from `of` on (its newest window), the others its history before it. */
    newestAndHistory: (of: { id: string; conversationId: string; sentAt: Date }) =>
      newestAndHistory.execute({
        conversationId: of.conversationId,
        messageId: of.id,
        sentAt: of.sentAt.toISOString(),
      }),
    async replyOf(id: string) {
      const [row] = await replyOf.execute({ messageId: id });
      return row;
    },
    async stillDue(id: string) {
      return (await stillDue.execute({ messageId: id })).length > 0;
    },
    async message(id: string) {
      const [row] = await message.execute({ messageId: id });
      return row;
    },
  };
}
