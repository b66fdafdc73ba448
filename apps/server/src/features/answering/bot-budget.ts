import { messages } from '@balas/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import { merchants } from '../../db/schema.ts';
import type { ConversationRow } from '../inbox/inbox.serialize.ts';
import type { InboxService } from '../inbox/inbox.service.ts';

const HOUR_MS = 60 * 60 * 1000;

/** The rate limiter's key of a shop's hourly budget of bot answers. */
export const botBudgetKey = (shopId: string) => `bot-budget:${shopId}`;

/**
 * A shop's hourly budget of bot answers (`BOT_ANSWERS_PER_HOUR`), counted by the platform rate
 * limiter, so every process shares it with Redis. A flood of shopper messages, from one address
 * or many, costs at most this many answers an hour; past it conversations go to the shop's people.
 */
export function createBotBudget(ctx: AppContext, deps: { inbox: InboxService }) {
  const perHour = ctx.config.botAnswersPerHour;

  async function alertMerchant(shop: ShopRow, waitSeconds: number) {
    const [merchant] = await ctx.database.db
      .select({ name: merchants.name, email: merchants.email })
      .from(merchants)
      .where(eq(merchants.id, shop.merchantId));
    if (!merchant) return;
    const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
    await ctx.mailer.send({
      to: merchant.email,
      subject: messages.botBudget.mailSubject(shop.name),
      text: messages.botBudget.mailText(merchant.name, shop.name, perHour, minutes),
    });
  }

  return {
    /**
     * Takes one answer from the shop's budget: true when the bot may answer. When the budget is
     * spent, the conversation is handed over instead, the merchant is mailed (once an hour), and false.
     */
    async take(shop: ShopRow, conversation: ConversationRow): Promise<boolean> {
      const wait = await ctx.rateLimiter.hit(botBudgetKey(shop.id), perHour, HOUR_MS);
      if (wait === 0) return true;
      await deps.inbox.handOver(shop, conversation, {
        reason: 'bot_budget',
        text: messages.botBudget.handover,
        actor: 'system',
      });
      if ((await ctx.rateLimiter.hit(`bot-budget-alert:${shop.id}`, 1, HOUR_MS)) === 0) {
        // The handover stands even when the mail cannot go out.
        await alertMerchant(shop, wait).catch((error: unknown) =>
          ctx.log.error({ err: error, shopId: shop.id }, 'bot budget alert not sent'),
        );
      }
      return false;
    },
  };
}

export type BotBudget = ReturnType<typeof createBotBudget>;
