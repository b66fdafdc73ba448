import {
  type AnswerResult,
  askForOrderReply,
  handoverText,
  type Lang,
  type OrderPlan,
  type OrderQuestion,
  orderNotFoundReply,
  orderStatusReply,
} from '@balas/bot';
import {
  channelOf,
  handoverReasonMessage,
  type LookupProblem,
  serverMessages,
  shopTimeZone,
} from '@balas/contracts';
import type { AppContext } from '../../context.ts';
import type { ShopRow } from '../../db/schema.ts';
import type { ConversationRow } from '../inbox/inbox.serialize.ts';
import type { OrdersService } from '../orders/orders.service.ts';
import type { AnsweringService } from './answering.service.ts';

/** The bot's answer to an order question, and the reason the merchant reads when it hands over. */
export interface OrderAnswer {
  result: AnswerResult;
  reasonText: string;
}

/** Who asks: a shopper of an inbox conversation (only their own orders), or the merchant's simulator. */
export type OrderAsker =
  | { conversation: ConversationRow; question: string }
  | { simulator: string; question: string };

/**
 * Order questions answered from the platform (`planOrderAnswer` of the bot decides which): the
 * shopper's own order in this shop looked up through the orders service (rate-limited per
 * conversation; another buyer's or shop's order reads as not found), answered in the shopper's
 * language; no order given: ask for it; cancel, refund or a new address, a website shop, a platform
 * that cannot be reached or too many lookups: hand over, never an error text to the shopper.
 *
 * The simulator has no buyer: it answers as the merchant would see it, from the shop's order card
 * (any order of the shop), with the reply a buyer of that order would read.
 */
export function createOrderAnswers(
  ctx: AppContext,
  deps: { orders: OrdersService; answering: AnsweringService },
) {
  function result(
    language: Lang,
    question: OrderQuestion,
    text: string,
    started: number,
    handover = false,
  ): AnswerResult {
    const totalMs = performance.now() - started;
    return {
      text,
      confidence: 1,
      sources: [],
      language,
      handover: handover ? { reason: 'order_status', order: question } : null,
      intent: 'question',
      composer: 'offline',
      order: question,
      timings: { totalMs, retrievalMs: totalMs, composeMs: 0 },
    };
  }

  function handOver(shop: ShopRow, plan: OrderPlan, started: number, problem?: LookupProblem): OrderAnswer {
    const custom = shop.config.handoverMessage?.trim();
    const text = handoverText(
      plan.language,
      'order_status',
      custom ? { [plan.language]: custom } : undefined,
    );
    const reason = handoverReasonMessage('order_status', plan.question);
    const why = problem
      ? problem.reason === 'platform'
        ? serverMessages.orders.botHandover.platform(channelOf(shop.provider).name)
        : serverMessages.orders.botHandover[problem.reason]
      : null;
    return {
      result: result(plan.language, plan.question, text, started, true),
      reasonText: why ? `${reason}. ${why}` : reason,
    };
  }

  async function answer(shop: ShopRow, plan: OrderPlan, asker: OrderAsker): Promise<OrderAnswer> {
    const started = performance.now();
    const { language, question } = plan;
    const reply = (text: string): OrderAnswer => ({
      result: result(language, question, text, started),
      reasonText: '',
    });
    if (shop.provider === 'website')
      return handOver(shop, plan, started, {
        reason: 'no_platform_orders',
        message: serverMessages.orders.noPlatformOrders,
        retryAfterSeconds: null,
      });
    if (plan.action === 'handover') return handOver(shop, plan, started);
    if (plan.action === 'ask') return reply(askForOrderReply(language));

    const sn = plan.question.orderNumber;
    const found =
      'conversation' in asker
        ? await deps.orders.forShopper(shop, asker.conversation, sn)
        : await deps.orders
            .card(shop, sn.trim().toUpperCase())
            .then((card) =>
              card.result === 'found' && card.order
                ? { kind: 'found' as const, order: card.order }
                : card.result === 'not_found'
                  ? { kind: 'not_found' as const }
                  : { kind: 'unavailable' as const, problem: card.problem! },
            );
    if (found.kind === 'not_found') return reply(orderNotFoundReply(language, sn));
    if (found.kind === 'unavailable') {
      ctx.log.info({ shopId: shop.id, reason: found.problem.reason }, 'order question handed over');
      return handOver(shop, plan, started, found.problem);
    }
    return reply(
      orderStatusReply(found.order, language, {
        kind: question.kind,
        timeZone: shopTimeZone(shop.region),
      }),
    );
  }

  /** The order answer followed by the engine's answer to the message's other questions. */
  function withRest(answered: OrderAnswer, rest: AnswerResult): OrderAnswer {
    const text = `${answered.result.text}\n${rest.text}`;
    const order = answered.result.order;
    // The engine hands the rest over: its reason; the order answer is still said.
    if (rest.handover) return { result: { ...rest, text, ...(order ? { order } : {}) }, reasonText: '' };
    return {
      result: {
        ...rest,
        text,
        language: answered.result.language,
        confidence: Math.min(answered.result.confidence, rest.confidence),
        ...(order ? { order } : {}),
      },
      reasonText: '',
    };
  }

  return {
    /**
     * Answers the planned order question (and, through `engine`, the message's other questions in
     * the same reply) and logs the answer like every bot answer (`log: false`: the caller logs it
     * once its reply is stored).
     */
    async answer(
      shop: ShopRow,
      plan: OrderPlan,
      asker: OrderAsker,
      engine?: (rest: string) => Promise<AnswerResult>,
      options: { log?: boolean } = {},
    ): Promise<OrderAnswer> {
      let answered = await answer(shop, plan, asker);
      if (plan.rest && engine && !answered.result.handover)
        answered = withRest(answered, await engine(plan.rest));
      if (options.log === false) return answered;
      await deps.answering.record(
        shop,
        {
          conversation: 'conversation' in asker ? asker.conversation.externalId : asker.simulator,
          question: asker.question,
        },
        answered.result,
      );
      return answered;
    },
  };
}

export type OrderAnswers = ReturnType<typeof createOrderAnswers>;
