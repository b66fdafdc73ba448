import { channelOf, imageIdOf, type MessageContent } from '@balas/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { botDrafts, conversations, messages } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import type { OutgoingMessage } from '../../platforms/platform.ts';
import type { Platforms } from '../../platforms/registry.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { createChatImages } from './composer/chat-images.ts';
import { sendFailureText } from './composer/send-failure.ts';
import { type Handover, handOverIn } from './conversations/conversation-store.ts';
import { type ConversationRow, type MessageRow, previewText } from './inbox.serialize.ts';
import type { InboxService } from './inbox.service.ts';

/**
 * The time a message the shop sends is stored with, as its platform would stamp it: Shopee stamps
 * whole seconds, so a shopper's answer written in the same second as the reply (stamped by Shopee
 * at the start of that second) is not taken for an older message (it would leave the shopper
 * unseen, the reply shown as the last word). Ties go by the order of storing.
 */
export const stampOf = (provider: ShopRow['provider'], at: Date) =>
  channelOf(provider).wholeSecondStamps ? new Date(Math.floor(at.getTime() / 1000) * 1000) : at;

export type { Handover };

/** Rolls back a handover whose reply finds the message answered already. */
class AnsweredAlready extends Error {}

/**
 * Every message the shop side sends (the merchant's replies and the bot's answers): stored first as
 * pending, then sent, then marked sent with its platform id or failed with the reason, and shown live
 * at each step. A failed message stays visible with a retry; nothing is silently lost.
 */
export function createReplyService(ctx: AppContext, inbox: InboxService, platforms: Platforms) {
  const { db } = ctx.database;
  const chatImages = createChatImages(ctx.storage, ctx.config.publicUrl);
  // Every reply runs it: built and prepared once.
  const markSentUnlessEchoed = db
    .update(messages)
    .set({ externalId: sql`${sql.placeholder('externalId')}`, status: 'sent', error: null })
    .where(
      and(
        eq(messages.id, sql.placeholder('messageId')),
        sql`not exists (select 1 from ${messages} echo where echo.shop_id = ${sql.placeholder('shopId')}
          and echo.external_id = ${sql.placeholder('externalId')} and echo.id <> ${sql.placeholder('messageId')})`,
      ),
    )
    .returning()
    .prepare('reply_mark_sent');

  async function deliver(shop: ShopRow, conversation: ConversationRow, pending: MessageRow) {
    try {
      const imageId = imageIdOf(pending.content);
      const { externalId } = await platforms.of(shop.provider).send(shop, conversation, {
        content: pending.content,
        // A picture from the composer: its bytes for a platform that takes its own upload first.
        upload: imageId
          ? async () => {
              const image = await chatImages.read(shop.id, imageId);
              return { data: image.data, mime: image.mime, fileName: image.imageId };
            }
          : undefined,
      });
      const markSent = (tx: Pick<typeof db, 'update'>) =>
        tx
          .update(messages)
          .set({ externalId, status: 'sent', error: null })
          .where(eq(messages.id, pending.id))
          .returning();
      // One statement, unless the platform pushed our own message back before we got here and a row
      // holds its id already: then one row is kept, in a transaction.
      const [marked] = await markSentUnlessEchoed.execute({
        messageId: pending.id,
        shopId: shop.id,
        externalId,
      });
      const sent =
        marked ??
        (await db.transaction(async (tx) => {
          const [echo] = await tx
            .select()
            .from(messages)
            .where(and(eq(messages.shopId, shop.id), eq(messages.externalId, externalId)));
          if (echo && echo.id !== pending.id) await tx.delete(messages).where(eq(messages.id, echo.id));
          const [row] = await markSent(tx);
          return row!;
        }));
      inbox.emitMessage(shop, conversation, sent);
      return sent;
    } catch (error) {
      // The merchant reads why in their words beside the Retry; the platform's own text is logged.
      const reason = sendFailureText(shop.provider, error);
      ctx.log.warn({ shopId: shop.id, err: error }, 'sending a message failed');
      const failed = await inbox.failReply(shop, pending.id, reason);
      if (!failed) throw new Error(`unreachable: message ${pending.id} is gone`);
      inbox.emitMessage(shop, failed.conversation ?? conversation, failed.message);
      return failed.message;
    }
  }

  /**
   * Marks a message still pending failed with the reason, shown live with its retry; the shopper
   * it would have answered is waiting again (the inbox shows them in "Needs you").
   */
  async function fail(shop: ShopRow, conversation: ConversationRow, messageId: string, reason: string) {
    const failed = await inbox.failReply(shop, messageId, reason, { onlyPending: true });
    if (failed) inbox.emitMessage(shop, failed.conversation ?? conversation, failed.message);
    return failed?.message ?? null;
  }

  async function store(
    shop: ShopRow,
    conversation: ConversationRow,
    sender: 'agent' | 'bot',
    message: OutgoingMessage,
    replyTo: string | null,
    handover?: Handover,
  ): Promise<{ pending: MessageRow; conversation: ConversationRow } | null> {
    const now = stampOf(shop.provider, new Date());
    const text = previewText(message.content);
    // What the platform is sent, kept beside our content for audit (its type names the row's kind).
    const native = platforms.of(shop.provider).encode(message.content);
    // The website sends our content as it is: nothing to keep beside it.
    const ours = native.content === message.content;
    const storing = db.transaction(async (tx) => {
      // The conversation first, as every writer of it takes it: the message's insert queues the
      // conversation for Insights (a trigger), which a hand-back does after locking the conversation.
      const [locked] = await tx
        .select({ draftUntil: conversations.draftUntil })
        .from(conversations)
        .where(eq(conversations.id, conversation.id))
        .for('no key update');
      // The bot's handover commits with the reply that tells the shopper: a crash between the two
      // would leave the chat handed over and the shopper without a word (the decision, run again,
      // finds it handed over); a pending reply is sent again after a crash.
      if (handover && !(await handOverIn(tx, shop, conversation.id, handover))) return null;
      const [pending] = await tx
        .insert(messages)
        .values({
          shopId: shop.id,
          conversationId: conversation.id,
          sender,
          type: native.type,
          content: message.content,
          raw: ours ? null : native.content,
          text,
          status: 'pending',
          replyTo,
          sentAt: now,
        })
        // A customer message is answered at most once (unique reply_to), even if two workers race.
        .onConflictDoNothing({ target: messages.replyTo })
        .returning();
      if (!pending) {
        if (handover) throw new AnsweredAlready();
        return null;
      }
      const pause = sender === 'agent' && shop.config.pauseBotOnManualReply;
      const [updated] = await tx
        .update(conversations)
        // A reply of the shop (the bot's count too) answers the shopper: the countdown stops.
        .set({
          latestText: text,
          latestAt: now,
          lastFrom: sender,
          awaitingSince: null,
          replyDueAt: null,
          // No draft of the bot waits any longer (drafts/): this reply approves it or replaces it.
          draftUntil: null,
          ...(pause ? { botEnabled: false } : {}),
        })
        .where(eq(conversations.id, conversation.id))
        .returning();
      // A draft of the bot waits only where the conversation says so (drafts/ writes both at once).
      if (locked?.draftUntil)
        await tx
          .update(botDrafts)
          .set({
            handledAt: new Date(),
            outcome: sql`case when ${botDrafts.replyTo} = ${replyTo}::uuid then 'sent' else 'replaced' end`,
            messageId: sql`case when ${botDrafts.replyTo} = ${replyTo}::uuid then ${pending.id}::uuid end`,
          })
          .where(and(eq(botDrafts.conversationId, conversation.id), isNull(botDrafts.handledAt)));
      return { pending, conversation: updated! };
    });
    return storing.catch((error: unknown) => {
      if (error instanceof AnsweredAlready) return null;
      throw error;
    });
  }

  return {
    /** The merchant's reply: a text, or a message the composer built (a picture, a card). */
    async sendManual(shop: ShopRow, conversation: ConversationRow, reply: string | MessageContent) {
      const outgoing: OutgoingMessage = {
        content: typeof reply === 'string' ? { kind: 'text', text: reply } : reply,
      };
      const stored = await store(shop, conversation, 'agent', outgoing, null);
      if (!stored) throw new Error('unreachable: manual replies have no reply_to');
      inbox.emitMessage(shop, stored.conversation, stored.pending);
      inbox.emitConversation(shop, stored.conversation);
      const message = await deliver(shop, stored.conversation, stored.pending);
      return { message, conversation: stored.conversation };
    },

    /**
     * The bot's answer to one customer message; null when that message was already answered (or,
     * with a handover, the conversation was handed over already). A handover commits with it.
     */
    async sendBot(
      shop: ShopRow,
      conversation: ConversationRow,
      replyTo: string,
      text: string,
      handover?: Handover,
    ) {
      const content = { kind: 'text' as const, text };
      const stored = await store(shop, conversation, 'bot', { content }, replyTo, handover);
      if (!stored) return null;
      inbox.emitMessage(shop, stored.conversation, stored.pending);
      inbox.emitConversation(shop, stored.conversation);
      return deliver(shop, stored.conversation, stored.pending);
    },

    /** Sends again a reply left pending by a crash whose echo never came back. */
    redeliver: deliver,

    fail,

    async retry(shop: ShopRow, conversation: ConversationRow, messageId: string) {
      if (!isUuid(messageId)) throw notFound('No failed message with this id');
      const [pending] = await db
        .update(messages)
        .set({ status: 'pending', error: null })
        .where(
          and(
            eq(messages.id, messageId),
            eq(messages.conversationId, conversation.id),
            eq(messages.status, 'failed'),
          ),
        )
        .returning();
      if (!pending) throw notFound('No failed message with this id');
      inbox.emitMessage(shop, conversation, pending);
      const sent = await deliver(shop, conversation, pending);
      // It reached the shopper now: the conversation's row counts it again.
      if (sent.status === 'sent') await inbox.resummarize(shop, conversation.id);
      return sent;
    },
  };
}

export type ReplyService = ReturnType<typeof createReplyService>;
