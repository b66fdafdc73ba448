import {
  dataOf,
  okAnswer,
  shop,
  shopCreateAnswer,
  shopCreateBody,
  shopOnboarding as shopOnboardingAnswer,
  shopUpdateBody,
  websiteShopStatus,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../errors.ts';
import type { Queue } from '../../platform/queue.ts';
import { shopGuard } from './shop-guard.ts';
import { firstSyncJob } from './shops.jobs.ts';
import { type ShopsService, toShop } from './shops.service.ts';

interface Options {
  shops: ShopsService;
  /** Runs after a marketplace shop is authorized (first sync). */
  queue: Queue;
}

const shopIdParam = z.object({ shopId: z.string().max(100) });
const idParam = z.object({ id: z.string().max(100) });

export const shopsRoutes: FastifyPluginAsyncZod<Options> = async (app, { shops, queue }) => {
  const byId = shopGuard(shops.owned.shop, { param: 'id' });
  const byShopId = shopGuard(shops.owned.shop, { param: 'shopId' });

  for (const { provider } of shops.platforms) {
    app.post(
      `/${provider}`,
      {
        schema: { tags: ['shops'], body: shopCreateBody, response: { 200: dataOf(shopCreateAnswer) } },
      },
      async (request) => ({ data: await shops.create(request.merchantId, provider, request.body) }),
    );
  }

  app.get(
    '/shopee',
    { schema: { tags: ['shops'], response: { 200: dataOf(z.array(shop)) } } },
    async (request) => ({ data: await shops.list(request.merchantId) }),
  );

  app.get(
    '/shopee/:id',
    {
      preHandler: byId,
      schema: { tags: ['shops'], params: idParam, response: { 200: dataOf(shop) } },
    },
    async (request) => ({ data: toShop(request.shop) }),
  );

  app.put(
    '/shopee/v1/:shopId',
    {
      preHandler: byShopId,
      schema: { tags: ['shops'], params: shopIdParam, body: shopUpdateBody, response: { 200: dataOf(shop) } },
    },
    async (request) => ({ data: await shops.update(request.shop, request.body) }),
  );

  app.delete(
    '/shopee/:id',
    {
      preHandler: byId,
      schema: { tags: ['shops'], params: idParam, response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await shops.remove(request.shop);
      return { data: { message: 'The shop was removed' } };
    },
  );

  app.get(
    '/shopee/:id/onboarding',
    {
      preHandler: byId,
      schema: { tags: ['shops'], params: idParam, response: { 200: dataOf(shopOnboardingAnswer) } },
    },
    async (request) => ({ data: await shops.onboarding(request.shop) }),
  );

  // The website widget asks, before the visitor writes, who answers there: the bot or the shop team.
  const perIp = app.rateLimit({ name: 'website:status', max: 120, windowMs: 60_000, key: (r) => r.ip });
  app.get(
    '/website/v1/:id',
    {
      config: { public: true },
      preHandler: perIp,
      schema: { tags: ['website'], params: idParam, response: { 200: dataOf(websiteShopStatus) } },
    },
    async (request) => {
      const status = await shops.websiteStatus(request.params.id);
      if (!status) throw notFound('Shop not found');
      return { data: status };
    },
  );

  app.post(
    '/shopee/:id/reconnect',
    {
      preHandler: byId,
      schema: {
        tags: ['shops'],
        params: idParam,
        response: { 200: dataOf(z.object({ authUrl: z.string() })) },
      },
    },
    async (request) => ({ data: await shops.reconnect(request.shop) }),
  );

  // OAuth callbacks: the platform sends the merchant's browser here, approved or not. Either way the
  // browser lands on a page of ours (the authorization window's `/connected` page by default): never
  // on a bare error body.
  const finish = async (
    provider: string,
    state: string | undefined,
    query: Record<string, string | undefined>,
  ): Promise<string> => {
    if (query.error || !query.code || !state) return shops.failedAuthorizationUrl('refused');
    try {
      const { redirect, shop: row } = await shops.completeAuthorization(provider, state, query);
      const authorizedAt = new Date();
      await queue.enqueue(
        firstSyncJob,
        { shopId: row.id, authorizedAt: authorizedAt.toISOString() },
        { jobId: `${row.id}-${authorizedAt.getTime()}` },
      );
      const target = new URL(redirect);
      target.searchParams.set('shopId', row.id);
      return target.toString();
    } catch (error) {
      app.log.warn({ err: error, provider }, 'shop authorization did not complete');
      const code = error instanceof AppError ? error.code : undefined;
      return shops.failedAuthorizationUrl(
        code === 'conflict' ? 'taken' : code === 'unprocessable' ? 'expired' : 'failed',
      );
    }
  };
  const callbackQuery = z.record(z.string(), z.string().max(500));

  for (const { provider, connector } of shops.platforms) {
    if (!connector) continue;
    if (connector.stateInPath)
      app.get(
        `/${provider}/callback/:state`,
        {
          config: { public: true },
          schema: {
            tags: ['shops'],
            params: z.object({ state: z.string().max(100) }),
            querystring: callbackQuery,
          },
        },
        async (request, reply) => reply.redirect(await finish(provider, request.params.state, request.query)),
      );
    else
      app.get(
        `/${provider}/callback`,
        { config: { public: true }, schema: { tags: ['shops'], querystring: callbackQuery } },
        async (request, reply) => reply.redirect(await finish(provider, request.query.state, request.query)),
      );
  }
};
