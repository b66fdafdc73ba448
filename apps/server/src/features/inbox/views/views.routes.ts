import {
  dataOf,
  inboxConversationParams,
  inboxCounts,
  inboxListQuery,
  inboxPage,
  inboxRow,
  limits,
  responseWindowBody,
  responseWindowOf,
  responseWindowSetting,
  snoozeBody,
  messages as words,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../../errors.ts';
import { type Owned, type ShopRow, shopGuard } from '../../shops/shop-guard.ts';
import type { ConversationRow } from '../inbox.serialize.ts';
import type { InboxService } from '../inbox.service.ts';
import { toInboxRow } from './inbox-row.ts';

const DAY = 86_400_000;

/** The one inbox across a merchant's shops (issue 15): views, counts, state actions, countdown setting. */
export const inboxViewsRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService;
  owned: Owned;
  /** The registered platforms' ids: a `channel` filter names one of them. */
  providers: readonly string[];
}> = async (app, { inbox, owned, providers }) => {
  const tags = ['inbox'];

  /** A conversation of one of the merchant's shops with its shop, or 404 (another merchant's too). */
  async function ownedConversation(merchantId: string, id: string) {
    const row = await owned.conversation(merchantId, id);
    if (!row) throw notFound(words.inbox.conversationNotFound);
    return row;
  }
  const answer = (shop: ShopRow, row: Parameters<typeof toInboxRow>[0]) => ({ data: toInboxRow(row, shop) });

  app.get(
    '/inbox/conversations',
    { schema: { tags, querystring: inboxListQuery, response: { 200: inboxPage } } },
    async (request) => {
      // Another merchant's shop is not found, as on every shop-scoped route (not an empty page).
      const { shopId, channel } = request.query;
      if (channel !== undefined && !providers.includes(channel))
        throw new AppError('validation', words.inbox.channel, { channel: words.inbox.channel });
      if (shopId && !(await owned.recentShop(request.merchantId, shopId))) throw notFound('Shop not found');
      return inbox.views.list(request.merchantId, request.query);
    },
  );

  app.get('/inbox/counts', { schema: { tags, response: { 200: dataOf(inboxCounts) } } }, async (request) => ({
    data: await inbox.views.counts(request.merchantId),
  }));

  app.get(
    '/inbox/conversations/:id',
    { schema: { tags, params: inboxConversationParams, response: { 200: dataOf(inboxRow) } } },
    async (request) => {
      const { conversation, shop } = await ownedConversation(request.merchantId, request.params.id);
      return answer(shop, conversation);
    },
  );

  const action = (path: string, run: (shop: ShopRow, c: ConversationRow) => Promise<ConversationRow>) =>
    app.post(
      `/inbox/conversations/:id/${path}`,
      { schema: { tags, params: inboxConversationParams, response: { 200: dataOf(inboxRow) } } },
      async (request) => {
        const { conversation, shop } = await ownedConversation(request.merchantId, request.params.id);
        return answer(shop, await run(shop, conversation));
      },
    );
  action('resolve', (shop, c) => inbox.resolve(shop, c));
  // Reopening what is open already changes nothing and answers the row (two tabs racing).
  action('reopen', async (shop, c) => (await inbox.reopen(shop, c)) ?? c);
  action('hand-back', (shop, c) => inbox.handBack(shop, c));

  app.post(
    '/inbox/conversations/:id/snooze',
    {
      schema: {
        tags,
        params: inboxConversationParams,
        body: snoozeBody,
        response: { 200: dataOf(inboxRow) },
      },
    },
    async (request) => {
      const until = new Date(request.body.until);
      const now = Date.now();
      if (until.getTime() <= now)
        throw new AppError('validation', words.inbox.snoozePast, { until: words.inbox.snoozePast });
      if (until.getTime() > now + limits.inbox.snoozeMaxDays * DAY)
        throw new AppError('validation', words.inbox.snoozeTooFar, { until: words.inbox.snoozeTooFar });
      const { conversation, shop } = await ownedConversation(request.merchantId, request.params.id);
      return answer(shop, await inbox.snooze(shop, conversation, until));
    },
  );

  // ---- the countdown's response window, per shop -------------------------------------------------
  const settingOf = (shop: ShopRow) => ({
    shopId: shop.id,
    channel: shop.provider,
    hours: shop.responseWindowHours,
    platformRule: responseWindowOf(shop.provider)?.summary ?? null,
  });
  const shopParams = z.object({ shopId: z.string().max(100) });

  app.get(
    '/inbox/response-windows/:shopId',
    {
      preHandler: shopGuard(owned.shop, { param: 'shopId' }),
      schema: { tags, params: shopParams, response: { 200: dataOf(responseWindowSetting) } },
    },
    async (request) => ({ data: settingOf(request.shop) }),
  );

  app.put(
    '/inbox/response-windows/:shopId',
    {
      preHandler: shopGuard(owned.shop, { param: 'shopId' }),
      schema: {
        tags,
        params: shopParams,
        body: responseWindowBody,
        response: { 200: dataOf(responseWindowSetting) },
      },
    },
    async (request) => {
      if (request.shop.provider === 'website')
        throw new AppError('unprocessable', words.inbox.noWindow, { hours: words.inbox.noWindow });
      const updated = await inbox.setResponseWindow(request.shop, request.body.hours);
      owned.forgetShop(updated.id);
      return { data: settingOf(updated) };
    },
  );
};
