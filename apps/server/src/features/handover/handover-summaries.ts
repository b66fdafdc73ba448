import { type HandoverReason, type HistoryTurn, handoverSummary } from '@balas/bot';
import { draftLimits, type HandoverSummary } from '@balas/contracts';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { conversations, products, type ShopRow } from '../../db/schema.ts';
import type { ConversationRow } from '../inbox/inbox.serialize.ts';

/**
 * The summary for the person who takes over (issue 28.5): made by the engine's pure
 * `handoverSummary` from the turns the bot answered with, stored on the conversation when the bot
 * hands it over, and shown at the top of the chat.
 */
export function createHandoverSummaries(ctx: AppContext) {
  const { db } = ctx.database;

  return {
    async write(
      shop: ShopRow,
      conversation: Pick<ConversationRow, 'id'>,
      handover: {
        history: HistoryTurn[];
        question: string;
        productId?: string | undefined;
        orderId?: string | undefined;
        reply: string;
        reason: HandoverReason;
        reasonText: string;
      },
    ): Promise<HandoverSummary> {
      const lines = handoverSummary({
        history: handover.history,
        question: handover.question,
        ...(handover.productId ? { productId: handover.productId } : {}),
        ...(handover.orderId ? { orderId: handover.orderId } : {}),
        reply: handover.reply,
        reason: handover.reason,
        maxQuestions: draftLimits.summaryQuestions,
        maxAnswers: draftLimits.summaryAnswers,
      });
      const [product] = lines.productId
        ? await db
            .select({ name: products.name })
            .from(products)
            .where(and(eq(products.shopId, shop.id), eq(products.externalId, lines.productId)))
        : [];
      const summary: HandoverSummary = {
        ...lines,
        productName: product?.name ?? null,
        reasonText: handover.reasonText,
        at: new Date().toISOString(),
      };
      await db
        .update(conversations)
        .set({ handoverSummary: summary })
        .where(eq(conversations.id, conversation.id));
      return summary;
    },
  };
}

export type HandoverSummaries = ReturnType<typeof createHandoverSummaries>;
