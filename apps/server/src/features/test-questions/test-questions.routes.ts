import {
  dataOf,
  okAnswer,
  testQuestion,
  testQuestionBody,
  testRun,
  testSummary,
  testsOverview,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { TestQuestionsService } from './test-questions.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });
const itemParams = shopParams.extend({ id: z.string().max(100) });

/** A shop's test questions (issue 28.1): list with the latest results, add, edit, delete, run all. */
export const testQuestionsRoutes: FastifyPluginAsyncZod<{
  tests: TestQuestionsService;
  owned: Owned;
}> = async (app, { tests, owned }) => {
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const tags = ['test questions'];

  app.get(
    '/shops/:shopId/tests',
    { preHandler, schema: { tags, params: shopParams, response: { 200: dataOf(testsOverview) } } },
    async (request) => ({ data: await tests.overview(request.shop.id) }),
  );

  app.post(
    '/shops/:shopId/tests',
    {
      preHandler,
      schema: { tags, params: shopParams, body: testQuestionBody, response: { 200: dataOf(testQuestion) } },
    },
    async (request) => ({ data: await tests.create(request.shop.id, request.body) }),
  );

  app.post(
    '/shops/:shopId/tests/run',
    { preHandler, schema: { tags, params: shopParams, response: { 200: dataOf(testRun) } } },
    async (request) => ({ data: await tests.runAll(request.shop) }),
  );

  app.put(
    '/shops/:shopId/tests/:id',
    {
      preHandler,
      schema: { tags, params: itemParams, body: testQuestionBody, response: { 200: dataOf(testQuestion) } },
    },
    async (request) => ({ data: await tests.update(request.shop.id, request.params.id, request.body) }),
  );

  app.delete(
    '/shops/:shopId/tests/:id',
    { preHandler, schema: { tags, params: itemParams, response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      await tests.remove(request.shop.id, request.params.id);
      return { data: { message: 'The test question was deleted' } };
    },
  );

  app.get(
    '/tests/summary',
    { schema: { tags, response: { 200: dataOf(testSummary) } } },
    async (request) => ({ data: await tests.summary(request.merchantId) }),
  );
};
