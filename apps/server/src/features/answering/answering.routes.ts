import { planOrderAnswer } from '@balas/bot';
import { botAnswerLog, dataOf, simulatorAnswer, simulatorBody } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { AnsweringService } from './answering.service.ts';
import { handoverReasonText } from './auto-reply.ts';
import type { OrderAnswers } from './order-answers.ts';

interface Options {
  owned: Owned;
  answering: AnsweringService;
  orderAnswers: OrderAnswers;
}

const LOG_LIMIT = 1000;

export const answeringRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { owned, answering, orderAnswers },
) => {
  // Simulator (spec §7): answers without sending anything anywhere.
  app.post(
    '/shopee/v1/lang_chain_push',
    {
      preHandler: shopGuard(owned.shop, { body: 'shopId' }),
      schema: { tags: ['simulator'], body: simulatorBody, response: { 200: dataOf(simulatorAnswer) } },
    },
    async (request) => {
      const { question, conversation, productId } = request.body;
      // The simulator's conversation so far: a follow-up is answered in its context.
      const history = await answering.simulatorHistory(request.shop.id, conversation);
      // An order question is looked up as the merchant sees the order (the simulator has no buyer).
      const order = planOrderAnswer(question, { history });
      const ordered = order
        ? await orderAnswers.answer(request.shop, order, { simulator: conversation, question }, (rest) =>
            answering.answer(request.shop, rest, { conversation, productId, history, log: false }),
          )
        : null;
      const result =
        ordered?.result ??
        (await answering.answer(request.shop, question, { conversation, productId, history }));
      return {
        data: {
          result: result.text,
          confidence: result.confidence,
          language: result.language,
          sources: result.sources,
          handover: result.handover
            ? { reason: result.handover.reason, text: ordered?.reasonText || handoverReasonText(result) }
            : null,
        },
      };
    },
  );

  // The log of bot answers behind /test (spec §2).
  app.get(
    '/test',
    {
      schema: { tags: ['simulator'], response: { 200: dataOf(z.array(botAnswerLog)) } },
    },
    async (request) => {
      const rows = await answering.log(request.merchantId, LOG_LIMIT);
      return {
        data: rows.map((a) => ({
          id: a.id,
          shopId: a.shopId,
          conversation: a.conversation,
          message: a.message,
          response: a.response,
          confidence: a.confidence,
          createdAt: a.createdAt.toISOString(),
        })),
      };
    },
  );
};
