import {
  dataOf,
  knowledgeListQuery,
  okAnswer,
  websiteImportBody,
  websiteImportMessages,
  websitePageDiff,
  websiteScheduleBody,
  websiteSource,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Owned, shopGuard } from '../../shops/shop-guard.ts';
import type { WebsiteImport } from './website.service.ts';

interface Options {
  website: WebsiteImport;
  owned: Owned;
}

const base = '/knowledge/websites';
const idParams = z.object({ id: z.string().max(100) });

/** Knowledge from the merchant's website (issue 28.4): sources, re-import, schedule, what changed. */
export const websiteRoutes: FastifyPluginAsyncZod<Options> = async (app, { website, owned }) => {
  const tags = ['knowledge'];

  app.get(
    base,
    {
      preHandler: shopGuard(owned.shop, { query: 'shopId' }),
      schema: { tags, querystring: knowledgeListQuery, response: { 200: dataOf(z.array(websiteSource)) } },
    },
    async (request) => ({ data: await website.list(request.shop.id) }),
  );

  app.post(
    base,
    {
      preHandler: shopGuard(owned.shop, { body: 'shopId' }),
      schema: { tags, body: websiteImportBody, response: { 200: dataOf(websiteSource) } },
    },
    async (request) => ({
      data: await website.add(request.shop.id, { url: request.body.url, schedule: request.body.schedule }),
    }),
  );

  app.post(
    `${base}/:id/reimport`,
    { schema: { tags, params: idParams, response: { 200: dataOf(websiteSource) } } },
    async (request) => ({
      data: await website.reimport(await website.ownedSource(request.merchantId, request.params.id)),
    }),
  );

  app.patch(
    `${base}/:id`,
    {
      schema: { tags, params: idParams, body: websiteScheduleBody, response: { 200: dataOf(websiteSource) } },
    },
    async (request) => ({
      data: await website.setSchedule(
        await website.ownedSource(request.merchantId, request.params.id),
        request.body.schedule,
      ),
    }),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      await website.remove(await website.ownedSource(request.merchantId, request.params.id));
      return { data: { message: websiteImportMessages.removed } };
    },
  );

  app.get(
    `${base}/pages/:id/diff`,
    { schema: { tags, params: idParams, response: { 200: dataOf(websitePageDiff) } } },
    async (request) => ({
      data: website.diff(await website.ownedPage(request.merchantId, request.params.id)),
    }),
  );
};
