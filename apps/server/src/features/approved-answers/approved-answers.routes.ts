import {
  approvedAnswer,
  approvedAnswerBody,
  approvedList,
  approvedSettingsBody,
  approvedTry,
  approvedTryBody,
  approvedUsage,
  dataOf,
  okAnswer,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { ApprovedAnswersService } from './approved-answers.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });
const itemParams = shopParams.extend({ id: z.string().max(100) });
const usageQuery = z.object({
  shopId: z.string().max(100).optional(),
  days: z.coerce.number().int().min(1).max(366).default(30),
});

/** Approved answers of a shop (issue 28.2): list, add, edit, delete, the threshold and trying it. */
export const approvedAnswersRoutes: FastifyPluginAsyncZod<{
  approved: ApprovedAnswersService;
  owned: Owned;
}> = async (app, { approved, owned }) => {
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const tags = ['approved answers'];

  app.get(
    '/shops/:shopId/approved-answers',
    { preHandler, schema: { tags, params: shopParams, response: { 200: dataOf(approvedList) } } },
    async (request) => ({ data: await approved.list(request.shop.id) }),
  );

  app.post(
    '/shops/:shopId/approved-answers',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        body: approvedAnswerBody,
        response: { 200: dataOf(approvedAnswer) },
      },
    },
    async (request) => ({ data: await approved.create(request.shop.id, request.body) }),
  );

  app.put(
    '/shops/:shopId/approved-answers/threshold',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        body: approvedSettingsBody,
        response: { 200: dataOf(approvedSettingsBody) },
      },
    },
    async (request) => ({
      data: { threshold: await approved.setThreshold(request.shop.id, request.body.threshold) },
    }),
  );

  app.post(
    '/shops/:shopId/approved-answers/try',
    {
      preHandler,
      schema: { tags, params: shopParams, body: approvedTryBody, response: { 200: dataOf(approvedTry) } },
    },
    async (request) => ({
      data: await approved.tryQuestion(request.shop, request.body.question, request.body.threshold),
    }),
  );

  app.put(
    '/shops/:shopId/approved-answers/:id',
    {
      preHandler,
      schema: {
        tags,
        params: itemParams,
        body: approvedAnswerBody,
        response: { 200: dataOf(approvedAnswer) },
      },
    },
    async (request) => ({ data: await approved.update(request.shop.id, request.params.id, request.body) }),
  );

  app.delete(
    '/shops/:shopId/approved-answers/:id',
    { preHandler, schema: { tags, params: itemParams, response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      await approved.remove(request.shop.id, request.params.id);
      return { data: { message: 'The approved answer was deleted' } };
    },
  );

  app.get(
    '/approved-answers/usage',
    { schema: { tags, querystring: usageQuery, response: { 200: dataOf(approvedUsage) } } },
    async (request) => {
      const { shopId, days } = request.query;
      if (shopId !== undefined && !(await owned.shop(request.merchantId, shopId)))
        throw notFound('Shop not found');
      return { data: await approved.usage(request.merchantId, shopId, days) };
    },
  );
};
