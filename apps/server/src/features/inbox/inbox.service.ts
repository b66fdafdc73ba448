import { channels, normalizeInput } from '@balas/contracts';
import { and, desc, eq, gt, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../context.ts';
import { answersDue, conversationEvents, conversations, messages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { IncomingMessage } from '../../platforms/platform.ts';
import { autoReplyJob } from '../answering/answering.jobs.ts';
import { isUuid, type ShopRow } from '../shops/shop-guard.ts';
import {
  type ConversationRow,
  type ListConversation,
  type MessageRow,
  type PageMessage,
  previewText,
  toLazadaMessage,
  toLazadaSession,
  toShopeeConversation,
  toShopeeMessage,
} from './inbox.serialize.ts';

/** A message of a page as the page query returns it (times as ISO text). */
type RawPageMessage = [
  id: string,
  externalId: string | null,
  sender: PageMessage['sender'],
  type: string,
  content: PageMessage['content'],
  status: PageMessage['status'],
  error: string | null,
  sentAt: string,
];

/** Keyset cursor of a list ordered by (time desc, id desc). */
export interface Cursor {
  at: Date;
  id: string;
}

/**
 * Rows after the cursor (placeholders `at`, an ISO time, and `id`) in (time desc, id desc) order. A
 * row comparison, so PostgreSQL seeks the (…, time desc, id desc) index to the cursor instead of
 * filtering from the first row.
 */
const afterCursor = (at: PgColumn, id: PgColumn) =>
  sql`(${at}, ${id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
const cursorValues = (cursor: Cursor | null) =>
  cursor ? { at: cursor.at.toISOString(), id: cursor.id } : {};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** How long after sending a reply the platform's echo of it is recognised as that reply. */
const ECHO_WINDOW_MS = 30 * 60_000;
// Timestamps are kept at millisecond precision so cursors built from them compare exactly.
const ms = (d: Date) => new Date(Math.floor(d.getTime()));

/** A cursor from its parts, or null when they cannot name a row (not a time, not a uuid). */
export function cursorAt(epochMs: number, id: string): Cursor | null {
  const at = new Date(epochMs);
  return Number.isNaN(at.getTime()) || !isUuid(id) ? null : { at, id };
}

export function encodeOffset(c: Cursor): string {
  return `${c.at.getTime()}_${c.id}`;
}
export function decodeOffset(offset: string | undefined): Cursor | null {
  const match = offset?.match(/^(\d{1,15})_([0-9a-f-]{36})$/);
  return match ? cursorAt(Number(match[1]), match[2]!) : null;
}

export function createInboxService(ctx: AppContext) {
  const { db } = ctx.database;

  function emitConversation(shop: ShopRow, c: ConversationRow) {
    const conversation = shop.provider === 'lazada' ? toLazadaSession(c) : toShopeeConversation(c);
    ctx.realtime.emit(channels.shop(shop.id), 'shop.conversation', {
      shopId: shop.id,
      conversation,
    });
  }

  function emitMessage(shop: ShopRow, c: ConversationRow, m: MessageRow) {
    const message =
      shop.provider === 'lazada' ? toLazadaMessage(m, c) : toShopeeMessage(m, c, shop.externalId ?? shop.id);
    ctx.realtime.emit(channels.conversation(shop.id, c.externalId), 'conversation.message', {
      conversationId: c.externalId,
      shopId: shop.id,
      message,
    });
  }

  // The inbox reads are the hottest queries: each is built once and prepared (parsed and planned
  // once per connection), one statement per combination of filters.
  const conversationByExternalId = db
    .select()
    .from(conversations)
    .where(
      and(
        eq(conversations.shopId, sql.placeholder('shopId')),
        eq(conversations.externalId, sql.placeholder('externalId')),
      ),
    )
    .prepare('inbox_conversation');
  const conversationPages = new Map<string, ReturnType<typeof prepareConversationPage>>();
  // Only what the list shows: every timestamp column read costs the server a date parse per row.
  const listColumns = {
    id: conversations.id,
    externalId: conversations.externalId,
    customerId: conversations.customerId,
    customerName: conversations.customerName,
    latestText: conversations.latestText,
    latestAt: conversations.latestAt,
    hasNew: conversations.hasNew,
    unreadCount: conversations.unreadCount,
    botEnabled: conversations.botEnabled,
    handedOver: conversations.handedOver,
    handoverReason: conversations.handoverReason,
  } satisfies Record<keyof ListConversation, unknown>;
  function prepareConversationPage(name: string, cursor: boolean, unreadOnly: boolean, search: boolean) {
    return db
      .select(listColumns)
      .from(conversations)
      .where(
        and(
          eq(conversations.shopId, sql.placeholder('shopId')),
          cursor ? afterCursor(conversations.latestAt, conversations.id) : undefined,
          unreadOnly ? eq(conversations.hasNew, true) : undefined,
          search ? ilike(conversations.customerName, sql.placeholder('search')) : undefined,
        ),
      )
      .orderBy(desc(conversations.latestAt), desc(conversations.id))
      .limit(sql.placeholder('limit'))
      .prepare(name);
  }
  const conversationPage = (cursor: boolean, unreadOnly: boolean, search: boolean) => {
    const name = `inbox_conversations${cursor ? '_after' : ''}${unreadOnly ? '_unread' : ''}${search ? '_search' : ''}`;
    let query = conversationPages.get(name);
    if (!query) {
      query = prepareConversationPage(name, cursor, unreadOnly, search);
      conversationPages.set(name, query);
    }
    return query;
  };
  // A page of messages comes with its conversation in one round trip, the messages as one JSON
  // array: parsing 26 rows column by column cost the server more than the rest of the request.
  // Each message as an array (RawPageMessage): no key names to write and read 26 times over.
  const pageMessage = sql`json_build_array(${messages.id}, ${messages.externalId}, ${messages.sender},
    ${messages.type}, ${messages.content}, ${messages.status}, ${messages.error}, ${messages.sentAt})`;
  // Drizzle names columns without their table in a one-table select: the correlation spells it out.
  const outerConversationId = sql`${sql.identifier('conversations')}.${sql.identifier('id')}`;
  const messagePage = (cursor: boolean) =>
    db
      .select({
        // What a chat page needs of its conversation (a row's times cost the most to read).
        conversation: {
          id: conversations.id,
          externalId: conversations.externalId,
          customerId: conversations.customerId,
          hasNew: conversations.hasNew,
          unreadCount: conversations.unreadCount,
        },
        messages: sql<RawPageMessage[] | string>`coalesce((
          select json_agg(m.message order by m.at desc, m.id desc) from (
            select ${pageMessage} as message, ${messages.sentAt} as at, ${messages.id} as id from ${messages}
            where ${messages.conversationId} = ${outerConversationId}
              ${cursor ? sql`and ${afterCursor(messages.sentAt, messages.id)}` : sql``}
            order by ${messages.sentAt} desc, ${messages.id} desc
            limit ${sql.placeholder('limit')}
          ) m), '[]'::json)`,
      })
      .from(conversations)
      .where(
        and(
          eq(conversations.shopId, sql.placeholder('shopId')),
          eq(conversations.externalId, sql.placeholder('externalId')),
        ),
      )
      .prepare(cursor ? 'inbox_messages_after' : 'inbox_messages');
  const messagePages = { first: messagePage(false), after: messagePage(true) };

  async function conversationOf(shop: ShopRow, externalId: string): Promise<ConversationRow> {
    const [row] = await conversationByExternalId.execute({ shopId: shop.id, externalId });
    if (!row) throw notFound('Conversation not found');
    return row;
  }

  const service = {
    emitConversation,
    emitMessage,
    conversationOf,

    /**
     * Stores one message of a conversation exactly once (unique per shop and platform id). Out of
     * order arrivals never move the conversation's latest text backwards. A shopper message the bot
     * must decide on gets its "answer due" row in the same transaction. The platform's echo of a
     * reply we sent is the pending row itself, not a second message. Returns null for a duplicate.
     */
    async ingest(shop: ShopRow, incoming: IncomingMessage, options: { answerDue?: boolean } = {}) {
      // Whatever a platform or a visitor sent: no NUL or half surrogate reaches the database.
      const { conversation: c, message: m } = normalizeInput(incoming);
      const sentAt = ms(m.sentAt);
      const text = previewText(m.type, m.content);
      const fromCustomer = m.sender === 'customer';
      return db.transaction(async (tx) => {
        await tx
          .insert(conversations)
          .values({
            shopId: shop.id,
            externalId: c.externalId,
            customerId: c.customerId,
            customerName: c.customerName,
            latestAt: new Date(0),
          })
          .onConflictDoNothing({ target: [conversations.shopId, conversations.externalId] });
        const [conversation] = await tx
          .select()
          .from(conversations)
          .where(and(eq(conversations.shopId, shop.id), eq(conversations.externalId, c.externalId)))
          .for('update');
        if (!fromCustomer) {
          const [adopted] = await tx
            .update(messages)
            .set({ externalId: m.externalId, status: 'sent', error: null })
            .where(
              inArray(
                messages.id,
                tx
                  .select({ id: messages.id })
                  .from(messages)
                  .where(
                    and(
                      eq(messages.conversationId, conversation!.id),
                      isNull(messages.externalId),
                      inArray(messages.status, ['pending', 'failed']),
                      eq(messages.text, text),
                      gt(messages.createdAt, new Date(sentAt.getTime() - ECHO_WINDOW_MS)),
                    ),
                  )
                  .orderBy(messages.createdAt)
                  .limit(1),
              ),
            )
            .returning();
          if (adopted) return { conversation: conversation!, message: adopted };
        }
        const [message] = await tx
          .insert(messages)
          .values({
            shopId: shop.id,
            conversationId: conversation!.id,
            externalId: m.externalId,
            sender: m.sender,
            type: m.type,
            content: m.content,
            text,
            sentAt,
          })
          .onConflictDoNothing({ target: [messages.shopId, messages.externalId] })
          .returning();
        if (!message) return null;
        if (fromCustomer && options.answerDue) {
          await tx.insert(answersDue).values({ messageId: message.id, shopId: shop.id });
        }
        const newer = sentAt.getTime() >= conversation!.latestAt.getTime();
        const changes = {
          ...(newer ? { latestText: text, latestAt: sentAt, lastMessageExternalId: m.externalId } : {}),
          ...(fromCustomer ? { hasNew: true, unreadCount: sql`${conversations.unreadCount} + 1` } : {}),
          ...(c.customerName && !conversation!.customerName ? { customerName: c.customerName } : {}),
          ...(c.customerId && !conversation!.customerId ? { customerId: c.customerId } : {}),
        };
        // An older message from the shop's side (caught up late) changes nothing on the conversation.
        if (Object.keys(changes).length === 0) return { conversation: conversation!, message };
        const [updated] = await tx
          .update(conversations)
          .set(changes)
          .where(eq(conversations.id, conversation!.id))
          .returning();
        return { conversation: updated!, message };
      });
    },

    /**
     * The one way a message arrives (pushes, gap repair, sync, website chat): stored once, shown on
     * the dashboards after the commit, and a shopper's message handed to the bot. `answer`: 'queue'
     * runs the bot as a job, 'caller' leaves it to the caller (website chat answers in its reply),
     * 'none' imports history the bot must not answer. Either way an answer due survives a crash.
     */
    async receive(
      shop: ShopRow,
      incoming: IncomingMessage,
      options: { answer: 'queue' | 'caller' | 'none' },
    ) {
      const stored = await service.ingest(shop, incoming, { answerDue: options.answer !== 'none' });
      if (!stored) return null;
      emitConversation(shop, stored.conversation);
      emitMessage(shop, stored.conversation, stored.message);
      if (options.answer === 'queue' && stored.message.sender === 'customer') {
        await ctx.queue.enqueue(autoReplyJob, { messageId: stored.message.id }, { jobId: stored.message.id });
      }
      return stored;
    },

    async listConversations(
      shop: ShopRow,
      options: { pageSize: number; cursor: Cursor | null; unreadOnly?: boolean; search?: string | undefined },
    ) {
      const { pageSize, cursor, search } = options;
      const rows = await conversationPage(cursor !== null, options.unreadOnly === true, !!search).execute({
        shopId: shop.id,
        limit: pageSize + 1,
        ...cursorValues(cursor),
        ...(search ? { search: `%${escapeLike(search)}%` } : {}),
      });
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        rows: page,
        more: rows.length > pageSize,
        next: last ? { at: last.latestAt, id: last.id } : null,
      };
    },

    /** A conversation of the shop and a page of its messages, newest first from the cursor. */
    async messagePage(
      shop: ShopRow,
      externalId: string,
      options: { pageSize: number; cursor: Cursor | null },
    ) {
      const { pageSize, cursor } = options;
      const [row] = await (cursor ? messagePages.after : messagePages.first).execute({
        shopId: shop.id,
        externalId,
        limit: pageSize + 1,
        ...cursorValues(cursor),
      });
      if (!row) throw notFound('Conversation not found');
      // node-postgres parses json, PGlite may hand it over as text.
      const raw =
        typeof row.messages === 'string' ? (JSON.parse(row.messages) as RawPageMessage[]) : row.messages;
      const page = raw
        .slice(0, pageSize)
        .map(([id, externalId, sender, type, content, status, error, sentAt]) => ({
          id,
          externalId,
          sender,
          type,
          content,
          status,
          error,
          sentAt: new Date(sentAt),
        }));
      const last = page.at(-1);
      return {
        conversation: row.conversation,
        // Oldest first, as a chat shows them.
        rows: page.reverse(),
        next: raw.length > pageSize && last ? encodeOffset({ at: last.sentAt, id: last.id }) : '',
      };
    },

    /** Marks an unread conversation read and tells the shop's dashboards; false when it was read already. */
    async markRead(shop: ShopRow, conversation: Pick<ConversationRow, 'id' | 'hasNew' | 'unreadCount'>) {
      if (!conversation.hasNew && conversation.unreadCount === 0) return false;
      const [updated] = await db
        .update(conversations)
        .set({ hasNew: false, unreadCount: 0 })
        .where(eq(conversations.id, conversation.id))
        .returning();
      if (updated) emitConversation(shop, updated);
      return Boolean(updated);
    },

    async setBot(shop: ShopRow, conversation: ConversationRow, enabled: boolean) {
      const updated = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({
            botEnabled: enabled,
            // Turning the bot back on ends a handover (spec: quiet until the merchant re-enables it).
            ...(enabled ? { handedOver: false, handoverReason: null } : {}),
          })
          .where(eq(conversations.id, conversation.id))
          .returning();
        const base = { shopId: shop.id, conversationId: conversation.id, actor: 'merchant' as const };
        await tx
          .insert(conversationEvents)
          .values([
            { ...base, kind: enabled ? 'bot_enabled' : 'bot_disabled' },
            ...(enabled && conversation.handedOver ? [{ ...base, kind: 'handed_back' as const }] : []),
          ]);
        return row!;
      });
      emitConversation(shop, updated);
      return updated;
    },

    /**
     * Hands a conversation over to the shop's people: the bot stays quiet there until the merchant
     * turns it back on. Null when it was handed over already (two answers racing).
     */
    async handOver(
      shop: ShopRow,
      conversation: Pick<ConversationRow, 'id'>,
      handover: { reason: string; text: string; actor?: 'bot' | 'shopper' | 'system' },
    ) {
      const handed = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ handedOver: true, handoverReason: handover.text })
          .where(and(eq(conversations.id, conversation.id), eq(conversations.handedOver, false)))
          .returning();
        if (!row) return null;
        await tx.insert(conversationEvents).values({
          shopId: shop.id,
          conversationId: conversation.id,
          kind: 'handover',
          reason: handover.reason,
          actor: handover.actor ?? 'bot',
        });
        return row;
      });
      if (handed) emitConversation(shop, handed);
      return handed;
    },
  };
  return service;
}

export type InboxService = ReturnType<typeof createInboxService>;
