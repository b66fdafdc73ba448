import { channels, events } from '@balas/contracts';
import { and, desc, eq, ilike, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations, messages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { ShopRow } from '../shops/shop-guard.ts';
import {
  type ConversationRow,
  type MessageRow,
  previewText,
  toLazadaMessage,
  toLazadaSession,
  toShopeeConversation,
  toShopeeMessage,
} from './inbox.serialize.ts';

export interface IncomingMessage {
  conversation: { externalId: string; customerId: string; customerName: string };
  message: {
    externalId: string;
    sender: 'customer' | 'agent' | 'bot';
    type: string;
    content: Record<string, unknown>;
    sentAt: Date;
  };
}

/** Keyset cursor of a list ordered by (time desc, id desc). */
export interface Cursor {
  at: Date;
  id: string;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// Timestamps are kept at millisecond precision so cursors built from them compare exactly.
const ms = (d: Date) => new Date(Math.floor(d.getTime()));

export function encodeOffset(c: Cursor): string {
  return `${c.at.getTime()}_${c.id}`;
}
export function decodeOffset(offset: string | undefined): Cursor | null {
  const match = offset?.match(/^(\d{1,15})_([0-9a-f-]{36})$/);
  return match ? { at: new Date(Number(match[1])), id: match[2]! } : null;
}

export function createInboxService(ctx: AppContext) {
  const { db } = ctx.database;

  function emitConversation(shop: ShopRow, c: ConversationRow) {
    const conversation = shop.provider === 'lazada' ? toLazadaSession(c) : toShopeeConversation(c);
    ctx.realtime.emit(channels.conversations(shop.id), events.conversation, {
      shopId: shop.id,
      conversation,
    });
  }

  function emitMessage(shop: ShopRow, c: ConversationRow, m: MessageRow) {
    const message =
      shop.provider === 'lazada' ? toLazadaMessage(m, c) : toShopeeMessage(m, c, shop.externalId ?? shop.id);
    ctx.realtime.emit(channels.messages(c.externalId), events.message, {
      conversationId: c.externalId,
      shopId: shop.id,
      message,
    });
  }

  async function conversationOf(shop: ShopRow, externalId: string): Promise<ConversationRow> {
    const [row] = await db
      .select()
      .from(conversations)
      .where(and(eq(conversations.shopId, shop.id), eq(conversations.externalId, externalId)));
    if (!row) throw notFound('Conversation not found');
    return row;
  }

  return {
    emitConversation,
    emitMessage,
    conversationOf,

    /**
     * Stores one message of a conversation exactly once (unique per shop and platform id). Out of
     * order arrivals never move the conversation's latest text backwards. Returns null for a duplicate.
     */
    async ingest(shop: ShopRow, incoming: IncomingMessage) {
      const { conversation: c, message: m } = incoming;
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
        const newer = sentAt.getTime() >= conversation!.latestAt.getTime();
        const [updated] = await tx
          .update(conversations)
          .set({
            ...(newer ? { latestText: text, latestAt: sentAt, lastMessageExternalId: m.externalId } : {}),
            ...(fromCustomer ? { hasNew: true, unreadCount: sql`${conversations.unreadCount} + 1` } : {}),
            ...(c.customerName && !conversation!.customerName ? { customerName: c.customerName } : {}),
            ...(c.customerId && !conversation!.customerId ? { customerId: c.customerId } : {}),
          })
          .where(eq(conversations.id, conversation!.id))
          .returning();
        return { conversation: updated!, message };
      });
    },

    async listConversations(
      shop: ShopRow,
      options: { pageSize: number; cursor: Cursor | null; unreadOnly?: boolean; search?: string | undefined },
    ) {
      const { pageSize, cursor } = options;
      const rows = await db
        .select()
        .from(conversations)
        .where(
          and(
            eq(conversations.shopId, shop.id),
            cursor
              ? or(
                  lt(conversations.latestAt, cursor.at),
                  and(eq(conversations.latestAt, cursor.at), lt(conversations.id, cursor.id)),
                )
              : undefined,
            options.unreadOnly ? eq(conversations.hasNew, true) : undefined,
            options.search ? ilike(conversations.customerName, `%${escapeLike(options.search)}%`) : undefined,
          ),
        )
        .orderBy(desc(conversations.latestAt), desc(conversations.id))
        .limit(pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        rows: page,
        more: rows.length > pageSize,
        next: last ? { at: last.latestAt, id: last.id } : null,
      };
    },

    async listMessages(conversation: ConversationRow, options: { pageSize: number; cursor: Cursor | null }) {
      const { pageSize, cursor } = options;
      const rows = await db
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.conversationId, conversation.id),
            cursor
              ? or(
                  lt(messages.sentAt, cursor.at),
                  and(eq(messages.sentAt, cursor.at), lt(messages.id, cursor.id)),
                )
              : undefined,
          ),
        )
        .orderBy(desc(messages.sentAt), desc(messages.id))
        .limit(pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page.at(-1);
      return {
        // Oldest first, as a chat shows them.
        rows: page.reverse(),
        next: rows.length > pageSize && last ? encodeOffset({ at: last.sentAt, id: last.id }) : '',
      };
    },

    async markRead(shop: ShopRow, conversation: ConversationRow) {
      if (!conversation.hasNew && conversation.unreadCount === 0) return conversation;
      const [updated] = await db
        .update(conversations)
        .set({ hasNew: false, unreadCount: 0 })
        .where(eq(conversations.id, conversation.id))
        .returning();
      emitConversation(shop, updated!);
      return updated!;
    },

    async setBot(shop: ShopRow, conversation: ConversationRow, enabled: boolean) {
      const [updated] = await db
        .update(conversations)
        .set({
          botEnabled: enabled,
          // Turning the bot back on ends a handover (spec: quiet until the merchant re-enables it).
          ...(enabled ? { handedOver: false, handoverReason: null } : {}),
        })
        .where(eq(conversations.id, conversation.id))
        .returning();
      emitConversation(shop, updated!);
      return updated!;
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
