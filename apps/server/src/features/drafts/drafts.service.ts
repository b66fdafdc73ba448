import type { AnswerResult } from '@balas/bot';
import { type BotDraft, type DraftModeBody, type DraftModeSetting, draftMessages } from '@balas/contracts';
import { and, asc, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { botDrafts, conversations, type ShopRow, shops } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { ConversationRow, MessageRow } from '../inbox/inbox.serialize.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { ReplyService } from '../inbox/reply.service.ts';
import { isUuid } from '../shops/shop-guard.ts';
import { draftDueAt, draftSettingOf, drafts } from './draft-due.ts';

/**
 * Draft mode (issue 28.3, decision 0024). The bot's reply is stored as a draft instead of being sent;
 * only a person's approval sends it, through the same reply path as the bot's answers (stored
 * pending with its unique reply_to, then sent): a draft goes out at most once, and never by itself,
 * across restarts and processes. Storing any reply of the shop in the conversation ends its waiting
 * draft (reply.service.ts): the approved one as sent, any other as replaced.
 */
export function createDrafts(ctx: AppContext, deps: { inbox: InboxService; replies: ReplyService }) {
  const { db } = ctx.database;

  const toDraft = (row: typeof botDrafts.$inferSelect, dueAt: Date | null): BotDraft => ({
    id: row.id,
    text: row.text,
    confidence: row.confidence,
    handover: row.handover,
    createdAt: row.createdAt.toISOString(),
    dueAt: dueAt ? dueAt.toISOString() : null,
  });

  /** The conversation's waiting draft (a reply of the shop ends it: reply.service.ts). */
  async function waiting(conversationId: string, draftId?: string) {
    const [row] = await db
      .select()
      .from(botDrafts)
      .where(
        and(
          eq(botDrafts.conversationId, conversationId),
          isNull(botDrafts.handledAt),
          draftId ? eq(botDrafts.id, draftId) : undefined,
        ),
      )
      .orderBy(desc(botDrafts.createdAt))
      .limit(1);
    return row ?? null;
  }

  async function clearDue(shop: ShopRow, conversationId: string) {
    const [row] = await db
      .update(conversations)
      .set({ draftUntil: null })
      .where(and(eq(conversations.id, conversationId), sql`${conversations.draftUntil} is not null`))
      .returning();
    if (row) deps.inbox.emitConversation(shop, row);
    return row ?? null;
  }

  return {
    /** Whether this answer of the bot waits for a person (the shop's draft mode and the confidence). */
    wanted: (shop: ShopRow, result: Pick<AnswerResult, 'confidence'>) =>
      drafts(draftSettingOf(shop.config), result.confidence),

    /**
     * Stores the bot's reply to `message` as the conversation's draft (a newer one replaces a
     * waiting older one), and puts the chat in Drafts until its response window runs low. Null
     * when the message has a draft already (a decision racing another, or run again after a crash).
     */
    async store(
      shop: ShopRow,
      conversation: Pick<ConversationRow, 'id'>,
      message: Pick<MessageRow, 'id'>,
      draft: { text: string; confidence: number; handover: string | null },
    ) {
      const now = new Date();
      const stored = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(conversations)
          .where(eq(conversations.id, conversation.id))
          .for('no key update');
        if (!locked) return null;
        const [row] = await tx
          .insert(botDrafts)
          .values({
            shopId: shop.id,
            conversationId: conversation.id,
            replyTo: message.id,
            text: draft.text,
            confidence: draft.confidence,
            handover: draft.handover,
            createdAt: now,
          })
          .onConflictDoNothing({ target: botDrafts.replyTo })
          .returning();
        if (!row) return null;
        await tx
          .update(botDrafts)
          .set({ handledAt: now, outcome: 'replaced' })
          .where(
            and(
              eq(botDrafts.conversationId, conversation.id),
              isNull(botDrafts.handledAt),
              ne(botDrafts.id, row.id),
            ),
          );
        const [updated] = await tx
          .update(conversations)
          .set({ draftUntil: draftDueAt(now, locked) })
          .where(eq(conversations.id, conversation.id))
          .returning();
        return { draft: row, conversation: updated! };
      });
      if (stored) deps.inbox.emitConversation(shop, stored.conversation);
      return stored;
    },

    /** The conversation's waiting draft (at most one), for its composer. */
    async list(conversation: Pick<ConversationRow, 'id' | 'draftUntil'>): Promise<BotDraft[]> {
      const row = await waiting(conversation.id);
      if (!row) return [];
      // The draft and its deadline are written in one transaction, which may have committed after
      // the caller read the conversation: read the deadline again with the draft in hand.
      const [fresh] = await db
        .select({ draftUntil: conversations.draftUntil })
        .from(conversations)
        .where(eq(conversations.id, conversation.id));
      return [toDraft(row, fresh?.draftUntil ?? conversation.draftUntil)];
    },

    /**
     * Sends the draft as written, or as the person edited it: once. A second approval (another tab,
     * a retry after a crash) finds it sent and is refused.
     */
    async send(shop: ShopRow, conversation: ConversationRow, draftId: string, edited?: string) {
      if (!isUuid(draftId)) throw notFound(draftMessages.notFound);
      const draft = await waiting(conversation.id, draftId);
      if (!draft) {
        const [known] = await db
          .select({ id: botDrafts.id })
          .from(botDrafts)
          .where(and(eq(botDrafts.id, draftId), eq(botDrafts.conversationId, conversation.id)));
        throw known ? new AppError('conflict', draftMessages.handled) : notFound(draftMessages.notFound);
      }
      const text = edited ?? draft.text;
      const sent = await deps.replies.sendBot(shop, conversation, draft.replyTo, text);
      if (!sent) throw new AppError('conflict', draftMessages.handled);
      if (text !== draft.text)
        await db.update(botDrafts).set({ outcome: 'edited' }).where(eq(botDrafts.id, draft.id));
      return sent;
    },

    /** Discards the draft: nothing is sent, and the shopper waits for a person (Needs you). */
    async discard(shop: ShopRow, conversation: ConversationRow, draftId: string) {
      if (!isUuid(draftId)) throw notFound(draftMessages.notFound);
      const draft = await waiting(conversation.id, draftId);
      if (!draft) throw notFound(draftMessages.notFound);
      const [discarded] = await db
        .update(botDrafts)
        .set({ handledAt: new Date(), outcome: 'discarded' })
        .where(and(eq(botDrafts.id, draft.id), isNull(botDrafts.handledAt)))
        .returning();
      if (!discarded) throw new AppError('conflict', draftMessages.handled);
      return (await clearDue(shop, conversation.id)) ?? conversation;
    },

    /** Every shop's draft mode, in the shops' order. */
    async settings(merchantId: string): Promise<DraftModeSetting[]> {
      const rows = await db
        .select()
        .from(shops)
        .where(eq(shops.merchantId, merchantId))
        .orderBy(asc(shops.createdAt), asc(shops.id));
      return rows.map(settingOf);
    },

    async setMode(shop: ShopRow, body: DraftModeBody): Promise<DraftModeSetting> {
      const below = body.below ?? draftSettingOf(shop.config).below;
      const [row] = await db
        .update(shops)
        .set({
          config: sql`${shops.config} || ${JSON.stringify({ draftMode: body.mode, draftBelow: below })}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(shops.id, shop.id))
        .returning();
      return settingOf(row!);
    },
  };
}

function settingOf(shop: ShopRow): DraftModeSetting {
  return { shopId: shop.id, shopName: shop.name, channel: shop.provider, ...draftSettingOf(shop.config) };
}

export type Drafts = ReturnType<typeof createDrafts>;
