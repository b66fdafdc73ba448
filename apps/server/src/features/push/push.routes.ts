import {
  dataOf,
  pushEndpointBody,
  pushSettings,
  pushSettingsBody,
  pushSubscriptionBody,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PushService } from './push.service.ts';

/** The merchant's push notifications: their choices and the browsers that receive them. */
export const pushRoutes: FastifyPluginAsyncZod<{ push: PushService }> = async (app, { push }) => {
  const tags = ['push'];
  const preHandler = [app.requireMerchant];
  const response = { 200: dataOf(pushSettings) };

  app.get('/push', { preHandler, schema: { tags, response } }, async (request) => ({
    data: await push.settings(request.merchantId),
  }));

  app.put('/push', { preHandler, schema: { tags, body: pushSettingsBody, response } }, async (request) => ({
    data: await push.saveSettings(request.merchantId, request.body),
  }));

  app.post(
    '/push/subscriptions',
    { preHandler, schema: { tags, body: pushSubscriptionBody, response } },
    async (request) => ({ data: await push.subscribe(request.merchantId, request.body) }),
  );

  app.delete(
    '/push/subscriptions',
    { preHandler, schema: { tags, body: pushEndpointBody, response } },
    async (request) => ({ data: await push.unsubscribe(request.merchantId, request.body.endpoint) }),
  );
};
