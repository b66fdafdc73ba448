import {
  dataOf,
  okAnswer,
  product,
  productIdsBody,
  productInfoBody,
  productInfoRecord,
  productSearchQuery,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { ProductsService } from './products.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });

/** Product search and product information of spec §7. */
export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; owned: Owned }> = async (
  app,
  { products, owned },
) => {
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const tags = ['products'];

  app.get(
    '/shopee/v1/:shopId/search',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        querystring: productSearchQuery,
        response: { 200: dataOf(z.array(product)) },
      },
    },
    async (request) => ({
      data: await products.search(request.shop.id, request.query.search, request.query.pageSize),
    }),
  );

  app.get(
    '/shopee/v1/:shopId/products',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        querystring: productSearchQuery.pick({ pageSize: true }),
        response: { 200: dataOf(z.array(productInfoRecord)) },
      },
    },
    async (request) => ({ data: await products.listInfo(request.shop.id, request.query.pageSize) }),
  );

  app.post(
    '/shopee/v1/:shopId/info',
    {
      preHandler,
      schema: { tags, params: shopParams, body: productInfoBody, response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await products.addInfo(request.shop.id, request.body.productId, request.body.additionalInfo);
      return { data: { message: 'The new information has been successfully added to your products' } };
    },
  );

  // Spec: POST /shopee/v1/{shopId}/products?_method=DELETE { productId: [...] }
  app.delete(
    '/shopee/v1/:shopId/products',
    {
      preHandler,
      schema: { tags, params: shopParams, body: productIdsBody, response: { 200: dataOf(okAnswer) } },
    },
    async (request) => {
      await products.removeForProducts(request.shop.id, request.body.productId);
      return { data: { message: 'The information was removed' } };
    },
  );

  app.delete(
    '/shopee/v1/:shopId/info/:infoId',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams.extend({ infoId: z.string().max(100) }),
        response: { 200: dataOf(okAnswer) },
      },
    },
    async (request) => {
      await products.removeEntry(request.shop.id, request.params.infoId);
      return { data: { message: 'The entry was removed' } };
    },
  );

  app.post(
    '/shopee/v1/:shopId/info/remove-product',
    {
      preHandler,
      schema: {
        tags,
        params: shopParams,
        body: z.object({
          infoIds: z.array(z.string().max(100)).min(1).max(100),
          productId: z.string().min(1).max(64),
        }),
        response: { 200: dataOf(okAnswer) },
      },
    },
    async (request) => {
      await products.removeProductFromEntries(request.shop.id, request.body.infoIds, request.body.productId);
      return { data: { message: 'The product was removed from the information' } };
    },
  );
};
