import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { isDeepStrictEqual } from 'node:util';
import { type BusinessHours, channels, type InboxRow } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { type ShopRow, shops } from '../../db/schema.ts';
import type { Outbox } from '../../platform/outbox.ts';
import type { IncomingMessage } from '../../platforms/platform.ts';
import { createConversationStore } from './conversations/conversation-store.ts';
import {
  type ConversationRow,
  conversationViewOf,
  type MessageRow,
  messageViewOf,
} from './inbox.serialize.ts';
import { createChatPages } from './messages/chat-pages.ts';
import { toInboxRow } from './views/inbox-row.ts';
import { createInboxViews } from './views/views.service.ts';

/** A merchant's counts are sent at most this often per process (a burst of messages sends one). */
const COUNTS_DEBOUNCE_MS = 150;
const WAKE_BATCH = 500;

/**
 * The inbox: conversations and their messages. Every write goes through here and tells the
 * dashboards after its commit (nobody emits by hand): the shop's list row, the merchant's inbox row
 * and, shortly after, the merchant's counts. An answer it makes due is an outbox event written with
 * the change (inbox.events.ts); the relay, nudged after the commit, hands it to its subscriber.
 */
export function createInboxService(ctx: AppContext, deps: { outbox: Pick<Outbox, 'nudge'> }) {
  const { db } = ctx.database;
  const store = createConversationStore(db);
  const pages = createChatPages(db);
  const views = createInboxViews(db);

  /** Told of every conversation the dashboards are told of, after its commit (push notifications). */
  const watchers: ((shop: ShopRow, row: InboxRow) => void)[] = [];

  const countsDue = new Map<string, NodeJS.Timeout>();
  function countsSoon(merchantId: string) {
    if (countsDue.has(merchantId)) return;
    const timer = setTimeout(() => {
      countsDue.delete(merchantId);
      views.counts(merchantId).then(
        (counts) => ctx.realtime.emit(channels.merchant(merchantId), 'inbox.counts', counts),
        (error) => ctx.log.debug({ err: error, merchantId }, 'inbox counts not sent'),
      );
    }, COUNTS_DEBOUNCE_MS);
    timer.unref();
    countsDue.set(merchantId, timer);
  }

  /** A conversation changed: its shop's list row, the merchant's inbox row, then the counts. */
  function emitConversation(shop: ShopRow, c: ConversationRow) {
    const conversation = conversationViewOf(shop, c);
    ctx.realtime.emit(channels.shop(shop.id), 'shop.conversation', { shopId: shop.id, conversation });
    emitInboxRow(shop, c, toInboxRow(c, shop));
  }

  function emitInboxRow(shop: ShopRow, c: ConversationRow, row: InboxRow) {
    ctx.realtime.emit(channels.merchant(shop.merchantId), 'inbox.updated', {
      conversationId: c.id,
      shopId: shop.id,
      row,
    });
    countsSoon(shop.merchantId);
    for (const watch of watchers) watch(shop, row);
  }

  /**
   * A decision cleared the conversation's `answer_due`, and nothing else: the shop's list shows
   * nothing of it, and the inbox row only through its state. The dashboards hear it when the row
   * reads otherwise than with the answer due (after a bot's reply, the shop's last word, it does
   * not: that reply's own row said it all).
   */
  function emitAnswerSettled(shop: ShopRow, c: ConversationRow) {
    const now = new Date();
    const row = toInboxRow(c, shop, now);
    if (!isDeepStrictEqual(row, toInboxRow({ ...c, answerDue: true }, shop, now))) emitInboxRow(shop, c, row);
  }

  function emitMessage(shop: ShopRow, c: ConversationRow, m: MessageRow) {
    const message = messageViewOf(shop, m, c);
    ctx.realtime.emit(channels.conversation(shop.id, c.externalId), 'conversation.message', {
      conversationId: c.externalId,
      shopId: shop.id,
      message,
    });
  }

  /** Runs a write and tells the dashboards about the row it returns (none when it changed nothing). */
  async function emitting<T extends ConversationRow | null>(shop: ShopRow, write: Promise<T>): Promise<T> {
    const row = await write;
    if (row) emitConversation(shop, row);
    return row;
  }

  /** The bot was put in charge: the dashboards hear it, and a shopper who waits gets an answer. */
  async function answeringWaiting(
    shop: ShopRow,
    changed: { conversation: ConversationRow; answerDue: string | null },
  ) {
    emitConversation(shop, changed.conversation);
    if (changed.answerDue) await deps.outbox.nudge();
    return changed.conversation;
  }

  const service = {
    /** Hears every changed conversation's inbox row after its commit; must not throw or wait. */
    watch(listener: (shop: ShopRow, row: InboxRow) => void) {
      watchers.push(listener);
    },
    emitConversation,
    emitMessage,
    views,
    conversationOf: pages.conversationOf,
    listConversations: pages.listConversations,
    messagePage: pages.messagePage,

    /** Stores a message without telling anyone or nudging the relay (tests and `receive`). */
    ingest: store.ingest,

    /**
     * The one way a message arrives (pushes, gap repair, sync, website chat): stored once, shown on
     * the dashboards after the commit, and a shopper's message handed to the bot. `answer`: 'queue'
     * runs the bot as a job, 'caller' leaves it to the caller (website chat answers in its reply),
     * 'none' imports history the bot must not answer. Either way an answer due survives a crash
     * (its `message.received` event commits with the message).
     * A new shopper message reopens a resolved or snoozed conversation.
     */
    async receive(
      shop: ShopRow,
      incoming: IncomingMessage,
      options: { answer: 'queue' | 'caller' | 'none' },
    ) {
      const stored = await store.ingest(shop, incoming, {
        answerDue: options.answer !== 'none',
        callerAnswers: options.answer === 'caller',
      });
      if (!stored) return null;
      emitConversation(shop, stored.conversation);
      emitMessage(shop, stored.conversation, stored.message);
      // Its answer's job is queued before this returns (as an enqueue was): one claim statement.
      if (options.answer === 'queue' && stored.message.sender === 'customer') await deps.outbox.nudge();
      return stored;
    },

    /** Marks an unread conversation read and tells the dashboards; false when it was read already. */
    async markRead(shop: ShopRow, conversation: Pick<ConversationRow, 'id' | 'hasNew' | 'unreadCount'>) {
      return Boolean(await emitting(shop, store.markRead(conversation)));
    },

    setBot: async (shop: ShopRow, conversation: ConversationRow, enabled: boolean) =>
      answeringWaiting(shop, await store.setBot(shop, conversation, enabled)),

    /**
     * Hands a conversation over to the shop's people: the bot stays quiet there until the merchant
     * turns it back on. Null when it was handed over already (two answers racing).
     */
    handOver: (
      shop: ShopRow,
      conversation: Pick<ConversationRow, 'id'>,
      handover: { reason: string; text: string; actor?: 'bot' | 'shopper' | 'system' },
    ) => emitting(shop, store.handOver(shop, conversation, handover)),

    resolve: (shop: ShopRow, conversation: Pick<ConversationRow, 'id'>) =>
      emitting(shop, store.resolve(shop, conversation)),
    /** Null when the conversation was neither resolved nor snoozed. */
    reopen: (shop: ShopRow, conversation: Pick<ConversationRow, 'id'>) =>
      emitting(shop, store.reopen(shop, conversation)),
    handBack: async (shop: ShopRow, conversation: Pick<ConversationRow, 'id' | 'handedOver'>) =>
      answeringWaiting(shop, await store.handBack(shop, conversation)),
    snooze: (shop: ShopRow, conversation: Pick<ConversationRow, 'id'>, until: Date) =>
      emitting(shop, store.snooze(shop, conversation, until)),

    /**
     * Snoozed conversations whose time has passed come back by themselves; the dashboards hear it
     * (a scheduled job). Returns how many woke.
     */
    async wakeSnoozed() {
      const woken = await store.wakeSnoozed(WAKE_BATCH);
      for (const { shop, conversation } of woken) emitConversation(shop, conversation);
      return woken.length;
    },

    /**
     * Chats whose waiting draft began raising them in "Needs you" within the last `withinMs` are
     * shown so live (and reach the merchant's phone): the row is read, not stored, so no write tells
     * the dashboards. Run more often than `withinMs`; a chat told twice is the same row twice.
     */
    async raiseDueDrafts(withinMs: number) {
      const due = await store.draftsRunningLow(withinMs, WAKE_BATCH);
      for (const { shop, conversation } of due) emitConversation(shop, conversation);
      return due.length;
    },

    /**
     * The shop's switch was turned on: every conversation where the bot now answers and a shopper's
     * latest message waits unanswered gets its answer, a page at a time (each its own transaction,
     * the event loop left to requests between them). Stops when the switch is off again. Returns
     * how many answers were made due.
     */
    async answerWaiting(shopId: string) {
      let after: { at: Date; id: string } | null = null;
      let count = 0;
      let pass: Date | null = null;
      for (;;) {
        const started = performance.now();
        const [shop] = await db.select().from(shops).where(eq(shops.id, shopId));
        // Off again, or the pass done already: nothing is owed.
        if (!shop?.defaultBotStatus || !shop.waitingPassAt) return count;
        pass ??= shop.waitingPassAt;
        const page = await store.armWaiting(shop, after);
        for (const { conversation } of page.armed) emitConversation(shop, conversation);
        if (page.armed.length > 0) await deps.outbox.nudge();
        count += page.armed.length;
        if (!page.next) {
          // Done, unless the switch was turned on again since this pass began (that one runs too).
          await db
            .update(shops)
            .set({ waitingPassAt: null })
            .where(and(eq(shops.id, shopId), eq(shops.waitingPassAt, pass)));
          return count;
        }
        after = page.next;
        // PGlite ran the statements on the event loop: as long again is left to requests.
        if (ctx.database.kind === 'pglite') await sleep(performance.now() - started);
        else await nextTurn();
      }
    },

    /** When a message's answer was last made due (see settleAnswer), null when it is not due. */
    dueMark: store.dueMark,
    claimAnswer: store.claimAnswer,
    releaseAnswer: store.releaseAnswer,

    /**
     * The bot decided on a message: its answer is no longer due unless made due again since `mark`;
     * a conversation left with nothing due and its shopper waiting shows in "Needs you" at once.
     * True when nothing is due for the message any more.
     */
    async settleAnswer(
      messageId: string,
      mark: string | null,
      /** `shop`: the message's shop, when the caller holds it (not read again). */
      options: { force?: boolean; shop?: ShopRow } = {},
    ) {
      const { settled, conversation, shopBotOn } = await store.settleAnswer(messageId, mark, options);
      if (conversation && shopBotOn !== null) {
        const [shop] =
          options.shop?.id === conversation.shopId
            ? [options.shop]
            : await db.select().from(shops).where(eq(shops.id, conversation.shopId));
        // The caller's shop row was read when its decision began: the switch may have moved since.
        if (shop) emitAnswerSettled({ ...shop, defaultBotStatus: shopBotOn }, conversation);
      }
      return settled;
    },

    /**
     * A reply of the shop failed (see reply.service.ts): marked with the reason, and its shopper is
     * waiting again, in "Needs you" where nobody else answers. Null when nothing was marked.
     */
    async failReply(
      shop: ShopRow,
      messageId: string,
      reason: string,
      options: { onlyPending?: boolean } = {},
    ) {
      const failed = await store.failReply(shop, messageId, reason, options);
      if (failed?.conversation) emitConversation(shop, failed.conversation);
      return failed;
    },

    /** After a failed reply went through on a retry: the conversation's row read again. */
    resummarize: (shop: ShopRow, conversationId: string) =>
      emitting(shop, store.resummarize(shop, conversationId)),

    /** A shop's countdown window (null: its platform's rule); running countdowns get the new deadline. */
    setResponseWindow: (shop: ShopRow, hours: number | null) => store.setResponseWindow(shop, hours),
    /** A shop's business hours; running countdowns get the new deadline. */
    setBusinessHours: (shop: ShopRow, hours: BusinessHours) => store.setBusinessHours(shop, hours),
  };
  return service;
}

export type InboxService = ReturnType<typeof createInboxService>;
