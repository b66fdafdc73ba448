import {
  chatRating,
  dataOf,
  inboxConversationParams,
  insightsQuery,
  ratingBody,
  ratingFigures,
  widgetRatingState,
  messages as words,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { type InsightsService, periodsFor } from '../insights/insights.service.ts';
import type { Owned } from '../shops/shop-guard.ts';
import type { Ratings } from './ratings.service.ts';

/** The merchant's reads of ratings: per chat (the Inbox's header) and over a period (Insights). */
export const ratingsRoutes: FastifyPluginAsyncZod<{
  ratings: Ratings;
  insights: Pick<InsightsService, 'shopsOf'>;
  owned: Owned;
}> = async (app, { ratings, insights, owned }) => {
  app.get(
    '/inbox/conversations/:id/ratings',
    {
      schema: {
        tags: ['inbox'],
        params: inboxConversationParams,
        response: { 200: dataOf(z.array(chatRating)) },
      },
    },
    async (request) => {
      const row = await owned.conversation(request.merchantId, request.params.id);
      if (!row) throw notFound(words.inbox.conversationNotFound);
      return { data: await ratings.ofConversation(row.conversation.id) };
    },
  );

  app.get(
    '/insights/ratings',
    { schema: { tags: ['insights'], querystring: insightsQuery, response: { 200: dataOf(ratingFigures) } } },
    async (request) => {
      const { shopId, ...query } = request.query;
      if (shopId !== undefined && !(await owned.shop(request.merchantId, shopId)))
        throw notFound('Shop not found');
      const list = await insights.shopsOf(request.merchantId, shopId);
      return { data: await ratings.figures(list, periodsFor(list, query).current) };
    },
  );
};

/** The widget's rating of a resolved chat: public, as the widget's other calls, rate-limited per address. */
export const widgetRatingRoutes: FastifyPluginAsyncZod<{
  ratings: Ratings;
  /** The website chat's shop lookup (answering/website-chat.ts). */
  chat: { findShop(id: string): Promise<Parameters<Ratings['rate']>[0] | null> };
}> = async (app, { ratings, chat }) => {
  const perIp = app.rateLimit({ name: 'website:rating:ip', max: 20, windowMs: 60_000, key: (r) => r.ip });
  app.post(
    '/website/v1/:id/rating',
    {
      config: { public: true },
      preHandler: [perIp],
      schema: {
        tags: ['website'],
        params: z.object({ id: z.string().max(100) }),
        body: ratingBody,
        response: { 200: dataOf(widgetRatingState) },
      },
    },
    async (request) => {
      const shop = await chat.findShop(request.params.id);
      if (!shop) throw notFound('Shop not found');
      return { data: await ratings.rate(shop, request.body) };
    },
  );
};
