import {
  copyPreviewQuery,
  copyTopicsBody,
  dataOf,
  informationBody,
  messages,
  okAnswer,
  responseBody,
  shopCopyPreview,
  shopCopyResult,
  shopVoucher,
  topic,
  topicCreateBody,
  topicVoucherBody,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { VoucherOffers } from '../vouchers/voucher-offers.ts';
import type { ShopCopy } from './shop-copy.service.ts';
import type { TrainingService } from './training.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });
const topicParams = shopParams.extend({ categoryId: z.string().max(100) });
const entryParams = topicParams.extend({ id: z.string().max(100) });

/** Topics of spec §7 under `/api/shopee/{shopId}/gpt`. */
export const trainingRoutes: FastifyPluginAsyncZod<{
  training: TrainingService;
  shopCopy: ShopCopy;
  voucherOffers: VoucherOffers;
  owned: Owned;
}> = async (app, { training, shopCopy, voucherOffers, owned }) => {
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const tags = ['training'];

  app.get(
    '/shopee/:shopId/gpt',
    { preHandler, schema: { tags, params: shopParams, response: { 200: dataOf(z.array(topic)) } } },
    async (request) => ({ data: await training.listTopics(request.shop.id) }),
  );

  app.post(
    '/shopee/:shopId/gpt',
    {
      preHandler,
      schema: { tags, params: shopParams, body: topicCreateBody, response: { 200: dataOf(topic) } },
    },
    async (request) => ({ data: await training.createTopic(request.shop.id, request.body) }),
  );

  // Copy from another shop: what it brings, counted, then the copy (topics, files, product information).
  app.get(
    '/shopee/:shopId/gpt/copy',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        querystring: copyPreviewQuery,
        response: { 200: dataOf(shopCopyPreview) },
      },
    },
    async (request) => ({
      data: await shopCopy.preview(request.merchantId, request.shop.id, request.query.fromShopId),
    }),
  );

  app.post(
    '/shopee/:shopId/gpt/copy',
    {
      preHandler,
      schema: { tags, params: shopParams, body: copyTopicsBody, response: { 200: dataOf(shopCopyResult) } },
    },
    async (request) => ({
      data: await shopCopy.copy(request.merchantId, request.shop.id, request.body.fromShopId),
    }),
  );

  app.get(
    '/shopee/:shopId/gpt/vouchers',
    { preHandler, schema: { tags, params: shopParams, response: { 200: dataOf(z.array(shopVoucher)) } } },
    async (request) => ({ data: await voucherOffers.running(request.shop) }),
  );

  app.put(
    '/shopee/:shopId/gpt/:categoryId/voucher',
    {
      preHandler,
      schema: { tags, params: topicParams, body: topicVoucherBody, response: { 200: dataOf(topic) } },
    },
    async (request) => {
      const { shop, params, body } = request;
      if (body.voucherId === null)
        return { data: await training.setVoucher(shop.id, params.categoryId, null) };
      if (shop.provider === 'website') throw new AppError('unprocessable', messages.topics.voucherWebsite);
      await training.getTopic(shop.id, params.categoryId);
      const found = (await voucherOffers.running(shop)).find((v) => v.id === body.voucherId);
      if (!found) throw new AppError('unprocessable', messages.topics.voucherNotRunning);
      const voucher = { id: found.id, code: found.code, name: found.name };
      return { data: await training.setVoucher(shop.id, params.categoryId, voucher) };
    },
  );

  app.get(
    '/shopee/:shopId/gpt/:categoryId',
    { preHandler, schema: { tags, params: topicParams, response: { 200: dataOf(topic) } } },
    async (request) => ({ data: await training.getTopic(request.shop.id, request.params.categoryId) }),
  );

  app.delete(
    '/shopee/:shopId/gpt/:categoryId',
    { preHandler, schema: { tags, params: topicParams, response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      await training.deleteTopic(request.shop.id, request.params.categoryId);
      return { data: { message: 'The topic was deleted' } };
    },
  );

  for (const [segment, kind, body] of [
    ['information', 'categorization', informationBody],
    ['response', 'knowledge', responseBody],
  ] as const) {
    app.post(
      `/shopee/:shopId/gpt/:categoryId/${segment}`,
      { preHandler, schema: { tags, params: topicParams, body, response: { 200: dataOf(topic) } } },
      async (request) => ({
        data: await training.replaceEntries(request.shop.id, request.params.categoryId, kind, request.body),
      }),
    );
    app.delete(
      `/shopee/:shopId/gpt/:categoryId/${segment}/:id`,
      { preHandler, schema: { tags, params: entryParams, response: { 200: dataOf(okAnswer) } } },
      async (request) => {
        await training.deleteEntry(request.shop.id, request.params.categoryId, kind, request.params.id);
        return { data: { message: 'The entry was deleted' } };
      },
    );
  }
};
