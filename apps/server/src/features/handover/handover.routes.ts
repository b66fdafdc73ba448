import { dataOf, handoverSummaryReply, inboxConversationParams, messages as words } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../errors.ts';
import type { Owned } from '../shops/shop-guard.ts';

/** The summary for the person who takes over: shown while the chat is handed over (issue 28.5). */
export const handoverRoutes: FastifyPluginAsyncZod<{ owned: Owned }> = async (app, { owned }) => {
  app.get(
    '/inbox/conversations/:id/handover-summary',
    {
      schema: {
        tags: ['inbox'],
        params: inboxConversationParams,
        response: { 200: dataOf(handoverSummaryReply) },
      },
    },
    async (request) => {
      const row = await owned.conversation(request.merchantId, request.params.id);
      if (!row) throw notFound(words.inbox.conversationNotFound);
      const { conversation } = row;
      return { data: { summary: conversation.handedOver ? conversation.handoverSummary : null } };
    },
  );
};
