import { dataOf, orderLookup, productLookup, recentOrdersLookup, routeSegmentIds } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { InboxService } from '../inbox/inbox.service.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { OrdersService } from './orders.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });

/**
 * Order cards, the shopper panel's recent orders and product cards, for the dashboard's chat. A
 * lookup always answers 200 with `result` found / not_found / unavailable (with a message to show
 * beside a retry); another merchant's shop is a 404 like any shop-scoped route.
 */
export const ordersRoutes: FastifyPluginAsyncZod<{
  orders: OrdersService;
  inbox: InboxService;
  owned: Owned;
}> = async (app, { orders, inbox, owned }) => {
  // The lookups use the shop's tokens: the shop is read fresh, not from the identity cache.
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const tags = ['orders'];

  for (const provider of routeSegmentIds) {
    app.get(
      `/${provider}/v1/:shopId/orders/:orderSn`,
      {
        preHandler,
        schema: {
          tags,
          params: shopParams.extend({ orderSn: z.string().max(64) }),
          response: { 200: dataOf(orderLookup) },
        },
      },
      async (request) => ({ data: await orders.card(request.shop, request.params.orderSn.trim()) }),
    );

    app.get(
      `/${provider}/v1/:shopId/:conversationId/orders`,
      {
        preHandler,
        schema: {
          tags,
          params: shopParams.extend({ conversationId: z.string().min(1).max(200) }),
          response: { 200: dataOf(recentOrdersLookup) },
        },
      },
      async (request) => {
        const conversation = await inbox.conversationOf(request.shop, request.params.conversationId);
        return { data: await orders.recentForConversation(request.shop, conversation) };
      },
    );

    app.get(
      `/${provider}/v1/:shopId/products/:productId`,
      {
        preHandler,
        schema: {
          tags,
          params: shopParams.extend({ productId: z.string().min(1).max(64) }),
          response: { 200: dataOf(productLookup) },
        },
      },
      async (request) => ({ data: await orders.product(request.shop, request.params.productId) }),
    );
  }
};
