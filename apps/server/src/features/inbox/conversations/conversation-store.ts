import { normalizeInput, responseDeadline, shopTimeZone } from '@balas/contracts';
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ShopRow } from '../../../db/schema.ts';
import { answersDue, conversationEvents, conversations, messages, shops } from '../../../db/schema.ts';
import type { IncomingMessage } from '../../../platforms/platform.ts';
import { type ConversationRow, previewText } from '../inbox.serialize.ts';
import { ms } from './cursor.ts';

/** How long after sending a reply the platform's echo of it is recognised as that reply. */
const ECHO_WINDOW_MS = 30 * 60_000;
const HOUR = 3600_000;
const RECOMPUTE_BATCH = 1000;

type Actor = 'bot' | 'merchant' | 'shopper' | 'system';
type EventKind = (typeof conversationEvents.$inferInsert)['kind'];

/**
 * When the shop must have answered a shopper who has waited since `since`: the shop's own window
 * when it set one, else its platform's published rule; null for website chats.
 */
export function replyDeadline(
  shop: Pick<ShopRow, 'provider' | 'region' | 'responseWindowHours'>,
  since: Date,
): Date | null {
  if (shop.provider === 'website') return null;
  if (shop.responseWindowHours) return new Date(since.getTime() + shop.responseWindowHours * HOUR);
  return responseDeadline(shop.provider, since, shopTimeZone(shop.region));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The bot was just put (back) in charge: when the shopper's latest message is still unanswered it
 * becomes due (in the caller's transaction, so the answer survives a crash). Returns its id, or
 * null when nobody waits.
 */
async function answerWaitingShopper(tx: Tx, shop: ShopRow, conversation: ConversationRow) {
  if (!conversation.awaitingSince) return null;
  const [latest] = await tx
    .select({ id: messages.id, sender: messages.sender })
    .from(messages)
    .where(eq(messages.conversationId, conversation.id))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  if (latest?.sender !== 'customer') return null;
  await tx.insert(answersDue).values({ messageId: latest.id, shopId: shop.id }).onConflictDoNothing();
  return latest.id;
}

/**
 * The conversation rows' writes, each one transaction that returns the rows after the commit. The
 * inbox service wraps these and tells the dashboards; nothing here emits.
 */
export function createConversationStore(db: Db) {
  const event = (shop: ShopRow, conversationId: string, kind: EventKind, actor: Actor, reason?: string) => ({
    shopId: shop.id,
    conversationId,
    kind,
    actor,
    ...(reason ? { reason } : {}),
  });

  return {
    /**
     * Stores one message of a conversation exactly once (unique per shop and platform id). Out of
     * order arrivals never move the conversation's latest text backwards. A shopper message the bot
     * must decide on gets its "answer due" row in the same transaction. The platform's echo of a
     * reply we sent is the pending row itself, not a second message. A new shopper message reopens
     * a resolved or snoozed conversation and starts the response countdown when none runs; a
     * message of the shop ends it. Returns null for a duplicate.
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
        const current = conversation!;
        const newer = sentAt.getTime() >= current.latestAt.getTime();
        // A shopper's new message reopens; one caught up late (older than the resolution) does not.
        const reopens =
          fromCustomer &&
          newer &&
          (current.resolvedAt !== null ||
            (current.snoozedUntil !== null && current.snoozedUntil > new Date()));
        const countdown = fromCustomer
          ? newer && !current.awaitingSince
            ? { awaitingSince: sentAt, replyDueAt: replyDeadline(shop, sentAt) }
            : {}
          : newer
            ? { awaitingSince: null, replyDueAt: null }
            : {};
        const changes = {
          ...(newer
            ? { latestText: text, latestAt: sentAt, lastMessageExternalId: m.externalId, lastFrom: m.sender }
            : {}),
          ...(fromCustomer ? { hasNew: true, unreadCount: sql`${conversations.unreadCount} + 1` } : {}),
          ...(c.customerName && !current.customerName ? { customerName: c.customerName } : {}),
          ...(c.customerId && !current.customerId ? { customerId: c.customerId } : {}),
          ...(reopens ? { resolvedAt: null, snoozedUntil: null } : {}),
          ...countdown,
        };
        // An older message from the shop's side (caught up late) changes nothing on the conversation.
        if (Object.keys(changes).length === 0) return { conversation: current, message };
        const [updated] = await tx
          .update(conversations)
          .set(changes)
          .where(eq(conversations.id, current.id))
          .returning();
        if (reopens)
          await tx.insert(conversationEvents).values(event(shop, current.id, 'reopened', 'shopper'));
        return { conversation: updated!, message };
      });
    },

    /**
     * Marks an unread conversation read; null when it was read already, by this call's page or by
     * another that opened it at the same moment (only one of them writes, tells the dashboards and
     * the platform).
     */
    async markRead(conversation: Pick<ConversationRow, 'id' | 'hasNew' | 'unreadCount'>) {
      if (!conversation.hasNew && conversation.unreadCount === 0) return null;
      const [updated] = await db
        .update(conversations)
        .set({ hasNew: false, unreadCount: 0 })
        .where(
          and(
            eq(conversations.id, conversation.id),
            or(eq(conversations.hasNew, true), gt(conversations.unreadCount, 0)),
          ),
        )
        .returning();
      return updated ?? null;
    },

    /** The conversation's own switch; turned on, the bot owes the shopper who waits an answer. */
    async setBot(shop: ShopRow, conversation: ConversationRow, enabled: boolean) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({
            botEnabled: enabled,
            // Turning the bot back on ends a handover (spec: quiet until the merchant re-enables it).
            ...(enabled ? { handedOver: false, handoverReason: null, handoverCode: null } : {}),
          })
          .where(eq(conversations.id, conversation.id))
          .returning();
        const kind = enabled ? 'bot_enabled' : 'bot_disabled';
        await tx
          .insert(conversationEvents)
          .values([
            event(shop, conversation.id, kind, 'merchant'),
            ...(enabled && conversation.handedOver
              ? [event(shop, conversation.id, 'handed_back', 'merchant')]
              : []),
          ]);
        return { conversation: row!, answerDue: enabled ? await answerWaitingShopper(tx, shop, row!) : null };
      });
    },

    /** Null when it was handed over already (two answers racing). */
    async handOver(
      shop: ShopRow,
      conversation: Pick<ConversationRow, 'id'>,
      handover: { reason: string; text: string; actor?: 'bot' | 'shopper' | 'system' },
    ) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ handedOver: true, handoverReason: handover.text, handoverCode: handover.reason })
          .where(and(eq(conversations.id, conversation.id), eq(conversations.handedOver, false)))
          .returning();
        if (!row) return null;
        await tx
          .insert(conversationEvents)
          .values(event(shop, conversation.id, 'handover', handover.actor ?? 'bot', handover.reason));
        return row;
      });
    },

    /** Resolved by the merchant: out of "Needs you" until the shopper writes again. */
    async resolve(shop: ShopRow, conversation: Pick<ConversationRow, 'id'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ resolvedAt: new Date(), snoozedUntil: null })
          .where(eq(conversations.id, conversation.id))
          .returning();
        await tx.insert(conversationEvents).values(event(shop, conversation.id, 'resolved', 'merchant'));
        return row!;
      });
    },

    /** Back from resolved or snoozed; null when it was neither. */
    async reopen(shop: ShopRow, conversation: Pick<ConversationRow, 'id'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ resolvedAt: null, snoozedUntil: null })
          .where(
            and(
              eq(conversations.id, conversation.id),
              or(sql`${conversations.resolvedAt} is not null`, sql`${conversations.snoozedUntil} > now()`),
            ),
          )
          .returning();
        if (!row) return null;
        await tx.insert(conversationEvents).values(event(shop, conversation.id, 'reopened', 'merchant'));
        return row;
      });
    },

    /**
     * To the bot: the handover ends and the conversation's switch is set on (an override). A shopper
     * still waiting gets the bot's answer to their latest message.
     */
    async handBack(shop: ShopRow, conversation: Pick<ConversationRow, 'id' | 'handedOver'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({
            botEnabled: true,
            handedOver: false,
            handoverReason: null,
            handoverCode: null,
            resolvedAt: null,
            snoozedUntil: null,
          })
          .where(eq(conversations.id, conversation.id))
          .returning();
        await tx
          .insert(conversationEvents)
          .values([
            event(shop, conversation.id, 'handed_back', 'merchant'),
            event(shop, conversation.id, 'bot_enabled', 'merchant'),
          ]);
        return { conversation: row!, answerDue: await answerWaitingShopper(tx, shop, row!) };
      });
    },

    async snooze(shop: ShopRow, conversation: Pick<ConversationRow, 'id'>, until: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ snoozedUntil: until, resolvedAt: null })
          .where(eq(conversations.id, conversation.id))
          .returning();
        await tx.insert(conversationEvents).values(event(shop, conversation.id, 'snoozed', 'merchant'));
        return row!;
      });
    },

    /** Snoozes whose time has come end (cleared, so each wakes once), with their shops. */
    async wakeSnoozed(batch: number) {
      const woken = await db
        .update(conversations)
        .set({ snoozedUntil: null })
        .where(
          inArray(
            conversations.id,
            db
              .select({ id: conversations.id })
              .from(conversations)
              .where(
                sql`${conversations.snoozedUntil} is not null and ${conversations.snoozedUntil} <= now()`,
              )
              .limit(batch),
          ),
        )
        .returning();
      if (woken.length === 0) return [];
      const owners = await db
        .select()
        .from(shops)
        .where(inArray(shops.id, [...new Set(woken.map((c) => c.shopId))]));
      const byId = new Map(owners.map((o) => [o.id, o]));
      return woken.flatMap((c) => {
        const shop = byId.get(c.shopId);
        return shop ? [{ shop, conversation: c }] : [];
      });
    },

    async setResponseWindow(shop: ShopRow, hours: number | null) {
      return db.transaction(async (tx) => {
        const [updated] = await tx
          .update(shops)
          .set({ responseWindowHours: hours, updatedAt: new Date() })
          .where(eq(shops.id, shop.id))
          .returning();
        const waiting = await tx
          .select({ id: conversations.id, since: conversations.awaitingSince })
          .from(conversations)
          .where(and(eq(conversations.shopId, shop.id), isNotNull(conversations.awaitingSince)));
        for (let i = 0; i < waiting.length; i += RECOMPUTE_BATCH) {
          const batch = waiting.slice(i, i + RECOMPUTE_BATCH);
          const dues = batch.map((w) => ({
            id: w.id,
            due: replyDeadline(updated!, w.since!)?.toISOString() ?? null,
          }));
          await tx.execute(sql`update conversations c set reply_due_at = v.due
            from json_to_recordset(${JSON.stringify(dues)}::json) as v(id uuid, due timestamptz)
            where c.id = v.id`);
        }
        return updated!;
      });
    },
  };
}

export type ConversationStore = ReturnType<typeof createConversationStore>;
