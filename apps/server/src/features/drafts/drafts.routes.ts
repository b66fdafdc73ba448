import {
  botDraftList,
  dataOf,
  draftModeBody,
  draftModeSetting,
  draftParams,
  draftSendBody,
  inboxConversationParams,
  inboxRow,
  messages as words,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { toInboxRow } from '../inbox/views/inbox-row.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { Drafts } from './drafts.service.ts';

/** Draft mode per shop, and a chat's draft: send, edit and send, discard (issue 28.3). */
export const draftsRoutes: FastifyPluginAsyncZod<{ drafts: Drafts; owned: Owned }> = async (
  app,
  { drafts, owned },
) => {
  const tags = ['inbox'];
  async function ownedConversation(merchantId: string, id: string) {
    const row = await owned.conversation(merchantId, id);
    if (!row) throw notFound(words.inbox.conversationNotFound);
    return row;
  }

  app.get(
    '/inbox/draft-modes',
    { schema: { tags, response: { 200: dataOf(z.array(draftModeSetting)) } } },
    async (request) => ({ data: await drafts.settings(request.merchantId) }),
  );

  app.put(
    '/inbox/draft-modes/:shopId',
    {
      preHandler: shopGuard(owned.shop, { param: 'shopId' }),
      schema: {
        tags,
        params: z.object({ shopId: z.string().max(100) }),
        body: draftModeBody,
        response: { 200: dataOf(draftModeSetting) },
      },
    },
    async (request) => {
      const setting = await drafts.setMode(request.shop, request.body);
      owned.forgetShop(request.shop.id);
      return { data: setting };
    },
  );

  app.get(
    '/inbox/conversations/:id/drafts',
    { schema: { tags, params: inboxConversationParams, response: { 200: botDraftList } } },
    async (request) => {
      const { conversation } = await ownedConversation(request.merchantId, request.params.id);
      return { data: await drafts.list(conversation) };
    },
  );

  app.post(
    '/inbox/conversations/:id/drafts/:draftId/send',
    {
      schema: { tags, params: draftParams, body: draftSendBody, response: { 200: dataOf(inboxRow) } },
    },
    async (request) => {
      const { conversation, shop } = await ownedConversation(request.merchantId, request.params.id);
      await drafts.send(shop, conversation, request.params.draftId, request.body.text);
      const after = await ownedConversation(request.merchantId, request.params.id);
      return { data: toInboxRow(after.conversation, after.shop) };
    },
  );

  app.post(
    '/inbox/conversations/:id/drafts/:draftId/discard',
    { schema: { tags, params: draftParams, response: { 200: dataOf(inboxRow) } } },
    async (request) => {
      const { conversation, shop } = await ownedConversation(request.merchantId, request.params.id);
      return { data: toInboxRow(await drafts.discard(shop, conversation, request.params.draftId), shop) };
    },
  );
};
