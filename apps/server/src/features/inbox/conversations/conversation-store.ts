import {
  type BusinessHours,
  deadlineInOpenHours,
  normalizeInput,
  responseDeadline,
  shopTimeZone,
} from '@balas/contracts';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  ne,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { ShopRow } from '../../../db/schema.ts';
import { answersDue, conversationEvents, conversations, messages, shops } from '../../../db/schema.ts';
import { acknowledge, OUTBOX_LOST_AFTER_MS, postpone, publish } from '../../../platform/outbox.ts';
import type { IncomingMessage } from '../../../platforms/platform.ts';
import { ANSWER_DUE_EVENTS, MESSAGE_RECEIVED, REPLY_REQUESTED } from '../inbox.events.ts';
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
 * when it set one, else its platform's published rule, its length counted in the shop's business
 * hours when it keeps some (decision 0025); null for website chats.
 */
export function replyDeadline(
  shop: Pick<ShopRow, 'provider' | 'region' | 'responseWindowHours' | 'businessHours'>,
  since: Date,
): Date | null {
  if (shop.provider === 'website') return null;
  const calendar = shop.responseWindowHours
    ? new Date(since.getTime() + shop.responseWindowHours * HOUR)
    : responseDeadline(shop.provider, since, shopTimeZone(shop.region));
  return deadlineInOpenHours(shop.businessHours, since, calendar);
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const event = (shop: ShopRow, conversationId: string, kind: EventKind, actor: Actor, reason?: string) => ({
  shopId: shop.id,
  conversationId,
  kind,
  actor,
  ...(reason ? { reason } : {}),
});

export interface Handover {
  reason: string;
  text: string;
  actor?: 'bot' | 'shopper' | 'system';
}

/**
 * Hands a conversation over in the caller's transaction (the bot's handover commits with the reply
 * that tells the shopper). Null when it was handed over already (two answers racing).
 */
export async function handOverIn(tx: Tx, shop: ShopRow, conversationId: string, handover: Handover) {
  const [row] = await tx
    .update(conversations)
    .set({ handedOver: true, handoverReason: handover.text, handoverCode: handover.reason })
    .where(and(eq(conversations.id, conversationId), eq(conversations.handedOver, false)))
    .returning();
  if (!row) return null;
  await tx
    .insert(conversationEvents)
    .values(event(shop, conversationId, 'handover', handover.actor ?? 'bot', handover.reason));
  return row;
}

/** Answers due in one pass are made due this many conversations at a time, each batch its own transaction. */
export const ARM_BATCH = 200;

/**
 * Makes the bot's answer to a shopper message due, in the caller's transaction (so it survives a
 * crash), and marks its conversation. Due again if it was due already: a decision running now, made
 * on what was true before, does not take it away (auto-reply.ts settles only what it saw).
 */
async function makeDue(tx: Tx, shopId: string, due: { messageId: string; conversationId: string }[]) {
  if (due.length === 0) return [];
  await tx
    .insert(answersDue)
    .values(due.map((d) => ({ messageId: d.messageId, conversationId: d.conversationId, shopId })))
    .onConflictDoUpdate({ target: answersDue.messageId, set: { dueAt: sql`now()` } });
  // Published again when it was waiting: a decision running now does not acknowledge it.
  await publish(
    tx,
    due.map((d) => ({ kind: REPLY_REQUESTED, key: d.messageId, payload: { messageId: d.messageId } })),
    { rearm: true },
  );
  return tx
    .update(conversations)
    .set({ answerDue: true })
    .where(
      inArray(
        conversations.id,
        due.map((d) => d.conversationId),
      ),
    )
    .returning();
}

/**
 * The bot was just put (back) in charge: when the shopper's latest message is still unanswered (no
 * bot reply to it, no person's message after it, failed sends left out) it becomes due, in the
 * caller's transaction.
 * Returns its id and the conversation as it is now, or null when nobody waits.
 */
async function answerWaitingShopper(tx: Tx, shop: ShopRow, conversation: ConversationRow) {
  const mine = and(eq(messages.conversationId, conversation.id), ne(messages.status, 'failed'));
  const [latest] = await tx
    .select({ id: messages.id, sentAt: messages.sentAt })
    .from(messages)
    .where(and(mine, eq(messages.sender, 'customer')))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  if (!latest) return null;
  // Answered when a person of the shop wrote after it or the bot replied to it. A bot reply to an
  // earlier message stored after it (the handover that was being sent while the shopper wrote
  // "Hello?") does not answer it.
  const [answered] = await tx
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        mine,
        or(
          eq(messages.replyTo, latest.id),
          and(
            eq(messages.sender, 'agent'),
            or(
              gt(messages.sentAt, latest.sentAt),
              and(eq(messages.sentAt, latest.sentAt), gt(messages.id, latest.id)),
            ),
          ),
        ),
      ),
    )
    .limit(1);
  if (answered) return null;
  const [row] = await makeDue(tx, shop.id, [{ messageId: latest.id, conversationId: conversation.id }]);
  return { messageId: latest.id, conversation: row ?? conversation };
}

/**
 * What a conversation's row says of its messages, read again from them with failed sends left out:
 * the latest message and who wrote it, and since when the shopper waits (the first of their
 * messages after the shop's last reply that reached them). After a send failed, the shopper who
 * was answered by it is waiting again; after a retry went through, no longer.
 */
async function summarize(tx: Tx, shop: ShopRow, conversationId: string) {
  const mine = eq(messages.conversationId, conversationId);
  const reached = ne(messages.status, 'failed');
  const [latest] = await tx
    .select({
      text: messages.text,
      sentAt: messages.sentAt,
      sender: messages.sender,
      externalId: messages.externalId,
    })
    .from(messages)
    .where(and(mine, reached))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(1);
  if (!latest) return null;
  let since: Date | null = null;
  if (latest.sender === 'customer') {
    const [reply] = await tx
      .select({ sentAt: messages.sentAt })
      .from(messages)
      .where(and(mine, reached, ne(messages.sender, 'customer')))
      .orderBy(desc(messages.sentAt), desc(messages.id))
      .limit(1);
    const [first] = await tx
      .select({ sentAt: messages.sentAt })
      .from(messages)
      .where(
        and(mine, eq(messages.sender, 'customer'), reply ? gt(messages.sentAt, reply.sentAt) : undefined),
      )
      .orderBy(asc(messages.sentAt), asc(messages.id))
      .limit(1);
    since = first?.sentAt ?? latest.sentAt;
  }
  const [row] = await tx
    .update(conversations)
    .set({
      latestText: latest.text,
      latestAt: latest.sentAt,
      lastFrom: latest.sender,
      lastMessageExternalId: latest.externalId,
      awaitingSince: since,
      replyDueAt: since ? replyDeadline(shop, since) : null,
    })
    .where(eq(conversations.id, conversationId))
    .returning();
  return row ?? null;
}

/**
 * The conversation rows' writes, each one transaction that returns the rows after the commit. The
 * inbox service wraps these and tells the dashboards; nothing here emits.
 */
export function createConversationStore(db: Db) {
  // Every message runs these outside a transaction: built and prepared once.
  const storedByPlatformId = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.shopId, sql.placeholder('shopId')),
        eq(messages.externalId, sql.placeholder('externalId')),
      ),
    )
    .prepare('inbox_message_by_platform_id');
  const claimDue = db
    .update(answersDue)
    .set({ claimedAt: sql`now()` })
    .where(
      and(
        eq(answersDue.messageId, sql.placeholder('messageId')),
        or(isNull(answersDue.claimedAt), lt(answersDue.claimedAt, sql.placeholder('staleBefore'))),
      ),
    )
    .returning({ mark: sql<string>`${answersDue.dueAt}::text` })
    .prepare('inbox_claim_answer');

  return {
    /**
     * Stores one message of a conversation exactly once (unique per shop and platform id). Out of
     * order arrivals never move the conversation's latest text backwards. A shopper message the bot
     * must decide on gets its "answer due" row in the same transaction. The platform's echo of a
     * reply we sent is the pending row itself, not a second message. A new shopper message reopens
     * a resolved or snoozed conversation and starts the response countdown when none runs; a
     * message of the shop ends it. Returns null for a duplicate.
     */
    async ingest(
      shop: ShopRow,
      incoming: IncomingMessage,
      options: { answerDue?: boolean; callerAnswers?: boolean } = {},
    ) {
      // Whatever a platform or a visitor sent: no NUL or half surrogate reaches the database.
      const { conversation: c, message: m } = normalizeInput(incoming);
      const sentAt = ms(m.sentAt);
      const text = previewText(m.content);
      const fromCustomer = m.sender === 'customer';
      if (!fromCustomer) {
        // Stored already (our reply, marked sent with the id the platform gave it): a duplicate,
        // the platform's echo of every reply we send, known without a transaction.
        // Adopting another of our rows with the same words would give two rows one platform id.
        const [known] = await storedByPlatformId.execute({ shopId: shop.id, externalId: m.externalId });
        if (known) return null;
      }
      return db.transaction(async (tx) => {
        const locked = () =>
          tx
            .select()
            .from(conversations)
            .where(and(eq(conversations.shopId, shop.id), eq(conversations.externalId, c.externalId)))
            // Not 'update': see settleAnswer (a reply being stored holds a key share on the row).
            .for('no key update');
        // Most messages are of a known conversation: one statement; a new one is inserted (held by
        // this transaction), or read once another push of it committed.
        let [conversation] = await locked();
        if (!conversation) {
          [conversation] = await tx
            .insert(conversations)
            .values({
              shopId: shop.id,
              externalId: c.externalId,
              customerId: c.customerId,
              customerName: c.customerName,
              latestAt: new Date(0),
            })
            .onConflictDoNothing({ target: [conversations.shopId, conversations.externalId] })
            .returning();
          if (!conversation) [conversation] = await locked();
        }
        if (!fromCustomer) {
          const [ours] = await tx
            .select({ id: messages.id, status: messages.status })
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
            // A reply on its way before one that failed with the same words.
            .orderBy(sql`${messages.status} = 'pending' desc`, messages.createdAt)
            .limit(1);
          if (ours) {
            const [adopted] = await tx
              .update(messages)
              .set({ externalId: m.externalId, status: 'sent', error: null })
              .where(eq(messages.id, ours.id))
              .returning();
            // A reply counted as failed reached the shopper after all: they are answered.
            const summarized = ours.status === 'failed' ? await summarize(tx, shop, conversation!.id) : null;
            return { conversation: summarized ?? conversation!, message: adopted! };
          }
        }
        const [message] = await tx
          .insert(messages)
          .values({
            shopId: shop.id,
            conversationId: conversation!.id,
            externalId: m.externalId,
            sender: m.sender,
            // The platform's own name for the kind of message, and its payload, beside ours.
            type: m.raw?.type ?? m.content.kind,
            content: m.content,
            raw: m.raw?.content ?? null,
            text,
            sentAt,
          })
          .onConflictDoNothing({ target: [messages.shopId, messages.externalId] })
          .returning();
        if (!message) return null;
        const answerDue = fromCustomer && options.answerDue === true;
        if (answerDue) {
          await tx
            .insert(answersDue)
            .values({ messageId: message.id, conversationId: conversation!.id, shopId: shop.id });
          // The relay queues the bot's decision after the commit; a caller that decides itself
          // (website chat) leaves the relay a margin, within which its decision acknowledges it.
          await publish(tx, [
            {
              kind: MESSAGE_RECEIVED,
              key: message.id,
              payload: { messageId: message.id },
              ...(options.callerAnswers ? { delayMs: OUTBOX_LOST_AFTER_MS } : {}),
            },
          ]);
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
          // A snooze the shopper ends leaves the chat in "Needs you" until someone answers.
          ...(reopens
            ? { resolvedAt: null, snoozedUntil: null, wokeAt: current.resolvedAt === null ? sentAt : null }
            : {}),
          ...(answerDue ? { answerDue: true } : {}),
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
        const due = enabled ? await answerWaitingShopper(tx, shop, row!) : null;
        return { conversation: due?.conversation ?? row!, answerDue: due?.messageId ?? null };
      });
    },

    /** Null when it was handed over already (two answers racing). */
    handOver: (shop: ShopRow, conversation: Pick<ConversationRow, 'id'>, handover: Handover) =>
      db.transaction((tx) => handOverIn(tx, shop, conversation.id, handover)),

    /** Resolved by the merchant: out of "Needs you" until the shopper writes again. */
    async resolve(shop: ShopRow, conversation: Pick<ConversationRow, 'id'>) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ resolvedAt: new Date(), snoozedUntil: null, wokeAt: null })
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
          .set({ resolvedAt: null, snoozedUntil: null, wokeAt: null })
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
            wokeAt: null,
          })
          .where(eq(conversations.id, conversation.id))
          .returning();
        await tx
          .insert(conversationEvents)
          .values([
            event(shop, conversation.id, 'handed_back', 'merchant'),
            event(shop, conversation.id, 'bot_enabled', 'merchant'),
          ]);
        const due = await answerWaitingShopper(tx, shop, row!);
        return { conversation: due?.conversation ?? row!, answerDue: due?.messageId ?? null };
      });
    },

    async snooze(shop: ShopRow, conversation: Pick<ConversationRow, 'id'>, until: Date) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .update(conversations)
          .set({ snoozedUntil: until, resolvedAt: null, wokeAt: null })
          .where(eq(conversations.id, conversation.id))
          .returning();
        await tx.insert(conversationEvents).values(event(shop, conversation.id, 'snoozed', 'merchant'));
        return row!;
      });
    },

    /**
     * Snoozes whose time has come end (cleared, so each wakes once), with their shops. The time
     * they ended is kept: the chat is in "Needs you" until someone writes (views/inbox-state.ts).
     */
    async wakeSnoozed(batch: number) {
      const woken = await db
        .update(conversations)
        .set({ snoozedUntil: null, wokeAt: sql`${conversations.snoozedUntil}` })
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

    /**
     * Conversations whose waiting draft started raising them in "Needs you" (`draft_until` passed)
     * within the last `withinMs`, with their shops: nothing else changes them then, so nothing else
     * tells the dashboards.
     */
    async draftsRunningLow(withinMs: number, batch: number) {
      const rows = await db
        .select({ conversation: conversations, shop: shops })
        .from(conversations)
        .innerJoin(shops, eq(shops.id, conversations.shopId))
        .where(
          sql`${conversations.draftUntil} <= now() and ${conversations.draftUntil} > now() - ${`${withinMs} milliseconds`}::interval`,
        )
        .limit(batch);
      return rows;
    },

    /**
     * The shop's switch was turned on: one page of its conversations (newest activity first, after
     * `after`), and of them those the bot now answers (the shop's switch, no override, not handed
     * over, resolved or snoozed) whose latest message is the shopper's, unanswered: their answer is
     * made due (again, if a decision made while the switch was off may be running), in one
     * transaction per page. `next` is where the next page starts, null after the last.
     */
    async armWaiting(shop: ShopRow, after: { at: Date; id: string } | null, size = ARM_BATCH) {
      const page = await db
        .select({ id: conversations.id, latestAt: conversations.latestAt })
        .from(conversations)
        .where(
          and(
            eq(conversations.shopId, shop.id),
            after
              ? sql`(${conversations.latestAt}, ${conversations.id}) < (${after.at.toISOString()}::timestamptz, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(desc(conversations.latestAt), desc(conversations.id))
        .limit(size);
      const last = page.at(-1);
      const next = page.length === size && last ? { at: last.latestAt, id: last.id } : null;
      if (page.length === 0) return { armed: [], next };
      const armed = await db.transaction(async (tx) => {
        const ids = sql.join(
          page.map((p) => sql`${p.id}::uuid`),
          sql`, `,
        );
        // Locked first, as every writer of a conversation and its answers due does.
        const picked = (await tx.execute(sql`select c.id as conversation_id, latest.id as message_id
          from conversations c
          join shops s on s.id = c.shop_id
          cross join lateral (select m.id, m.sender from messages m
            where m.conversation_id = c.id and m.status <> 'failed'
            order by m.sent_at desc, m.id desc limit 1) latest
          where c.id in (${ids}) and s.default_bot_status and c.bot_enabled is null and not c.handed_over
            and c.resolved_at is null and c.last_from = 'customer'
            and (c.snoozed_until is null or c.snoozed_until <= now()) and latest.sender = 'customer'
          for no key update of c`)) as unknown as { rows: { conversation_id: string; message_id: string }[] };
        const due = picked.rows.map((r) => ({ messageId: r.message_id, conversationId: r.conversation_id }));
        const rows = await makeDue(tx, shop.id, due);
        const byId = new Map(rows.map((r) => [r.id, r]));
        return due.flatMap((d) => {
          const conversation = byId.get(d.conversationId);
          return conversation ? [{ conversation, messageId: d.messageId }] : [];
        });
      });
      return { armed, next };
    },

    /** When a message's answer was last made due (exact, as text), or null when it is not due. */
    async dueMark(messageId: string): Promise<string | null> {
      const [row] = await db
        .select({ at: sql<string>`${answersDue.dueAt}::text` })
        .from(answersDue)
        .where(eq(answersDue.messageId, messageId));
      return row?.at ?? null;
    },

    /**
     * A decision on a message begins: its answer due is claimed, so that a second decision (its job
     * beside the website chat's request, a job queued again) waits for this one instead of making
     * another answer. A claim older than `staleBefore` was left by a decision that died. `mark`: when
     * the answer was made due (see settleAnswer); `busy`: another decision holds it.
     */
    async claimAnswer(messageId: string, staleBefore: Date, staleAfterMs: number) {
      const [claimed] = await claimDue.execute({ messageId, staleBefore: staleBefore.toISOString() });
      if (claimed) return { busy: false, mark: claimed.mark };
      const [held] = await db
        .select({ claimedAt: answersDue.claimedAt })
        .from(answersDue)
        .where(eq(answersDue.messageId, messageId));
      // The holder may have died: this message's events come back when its claim would be stale.
      if (held?.claimedAt) {
        await postpone(
          db,
          ANSWER_DUE_EVENTS,
          messageId,
          held.claimedAt.getTime() + staleAfterMs - Date.now(),
        );
      }
      return { busy: held !== undefined, mark: null };
    },

    /** A decision gave up its claim with the answer still due (the sweep takes it up). */
    releaseAnswer: (messageId: string) =>
      db.update(answersDue).set({ claimedAt: null }).where(eq(answersDue.messageId, messageId)),

    /**
     * The bot has decided on a message whose answer was due as of `mark` (dueMark before deciding):
     * its row goes, unless it was made due again meanwhile (`force`: whatever its time), and the
     * conversation's `answer_due` is cleared with its last row. `settled`: nothing due is left for
     * the message; `conversation`: the row when its mark was cleared, and `shopBotOn` its shop's bot
     * switch as this statement reads it (a decision's shop row may be older).
     */
    async settleAnswer(messageId: string, mark: string | null, options: { force?: boolean } = {}) {
      return db.transaction(async (tx) => {
        // The message's conversation, locked. No key update: a reply being stored holds a key share
        // on the row (its foreign key) and then updates it; a stronger lock waiting between the two
        // deadlocks with it.
        const [message] = await tx
          .select({ conversationId: conversations.id })
          .from(messages)
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .where(eq(messages.id, messageId))
          .for('no key update', { of: conversations });
        if (!message) {
          await acknowledge(tx, ANSWER_DUE_EVENTS, messageId);
          return { settled: true, conversation: null, shopBotOn: null };
        }
        const { conversationId } = message;
        let removed = false;
        if (options.force || mark !== null) {
          const gone = await tx
            .delete(answersDue)
            .where(
              and(
                eq(answersDue.messageId, messageId),
                options.force ? undefined : sql`${answersDue.dueAt} <= ${mark}::timestamptz`,
              ),
            )
            .returning({ id: answersDue.messageId });
          removed = gone.length > 0;
        }
        // A message has one row: the one removed was all that was due.
        const [left] = removed
          ? []
          : await tx
              .select({ id: answersDue.messageId })
              .from(answersDue)
              .where(eq(answersDue.messageId, messageId));
        // Nothing due any more: its events are done with (the outbox relays them no more).
        if (!left) await acknowledge(tx, ANSWER_DUE_EVENTS, messageId);
        const [cleared] = await tx
          .update(conversations)
          .set({ answerDue: false })
          .where(
            and(
              eq(conversations.id, conversationId),
              eq(conversations.answerDue, true),
              sql`not exists (select 1 from ${answersDue} d where d.conversation_id = ${conversationId})`,
            ),
          )
          .returning({
            ...getTableColumns(conversations),
            shopBotOn: sql<boolean>`(select s.default_bot_status from ${shops} s where s.id = ${conversations.shopId})`,
          });
        if (!cleared) return { settled: !left, conversation: null, shopBotOn: null };
        const { shopBotOn, ...conversation } = cleared;
        return { settled: !left, conversation, shopBotOn };
      });
    },

    /**
     * A message of the shop did not reach the shopper: failed with the reason (`onlyPending`: only
     * while still pending), and the conversation's row read again without it (the shopper it would
     * have answered is waiting again). Null when nothing was marked.
     */
    async failReply(
      shop: ShopRow,
      messageId: string,
      reason: string,
      options: { onlyPending?: boolean } = {},
    ) {
      return db.transaction(async (tx) => {
        const [of] = await tx
          .select({ conversationId: messages.conversationId })
          .from(messages)
          .where(eq(messages.id, messageId));
        if (!of) return null;
        // The conversation first (see reply.service.ts store).
        await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(eq(conversations.id, of.conversationId))
          .for('no key update');
        const [failed] = await tx
          .update(messages)
          .set({ status: 'failed', error: reason.slice(0, 500) })
          .where(
            and(eq(messages.id, messageId), options.onlyPending ? eq(messages.status, 'pending') : undefined),
          )
          .returning();
        if (!failed) return null;
        return { message: failed, conversation: await summarize(tx, shop, failed.conversationId) };
      });
    },

    /** The conversation's row read again from its messages (a failed reply went through on a retry). */
    resummarize: (shop: ShopRow, conversationId: string) =>
      db.transaction((tx) => summarize(tx, shop, conversationId)),

    setResponseWindow: (shop: ShopRow, hours: number | null) =>
      setDeadlineRule(shop, { responseWindowHours: hours }),

    /** Business hours change running countdowns at once, as a response window does. */
    setBusinessHours: (shop: ShopRow, hours: BusinessHours) =>
      setDeadlineRule(shop, { businessHours: hours }),
  };

  async function setDeadlineRule(
    shop: ShopRow,
    change: { responseWindowHours: number | null } | { businessHours: BusinessHours },
  ) {
    return db.transaction(async (tx) => {
      const [updated] = await tx
        .update(shops)
        .set({ ...change, updatedAt: new Date() })
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
  }
}

export type ConversationStore = ReturnType<typeof createConversationStore>;
