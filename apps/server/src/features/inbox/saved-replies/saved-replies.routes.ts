import {
  dataOf,
  okAnswer,
  savedReply,
  savedReplyBody,
  savedReplyListQuery,
  savedReplyParams,
  savedReplyPatch,
  messages as words,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SavedReplies } from './saved-replies.service.ts';

/** Saved replies of the merchant (per merchant, usable in all shops). */
export const savedRepliesRoutes: FastifyPluginAsyncZod<{ savedReplies: SavedReplies }> = async (
  app,
  { savedReplies },
) => {
  const tags = ['inbox'];

  app.get(
    '/saved-replies',
    {
      schema: { tags, querystring: savedReplyListQuery, response: { 200: dataOf(z.array(savedReply)) } },
    },
    async (request) => ({ data: await savedReplies.list(request.merchantId, request.query.q) }),
  );

  app.post(
    '/saved-replies',
    { schema: { tags, body: savedReplyBody, response: { 200: dataOf(savedReply) } } },
    async (request) => ({ data: await savedReplies.create(request.merchantId, request.body) }),
  );

  app.patch(
    '/saved-replies/:id',
    {
      schema: {
        tags,
        params: savedReplyParams,
        body: savedReplyPatch,
        response: { 200: dataOf(savedReply) },
      },
    },
    async (request) => ({
      data: await savedReplies.update(request.merchantId, request.params.id, request.body),
    }),
  );

  app.delete(
    '/saved-replies/:id',
    { schema: { tags, params: savedReplyParams, response: { 200: dataOf(okAnswer) } } },
    async (request) => {
      await savedReplies.remove(request.merchantId, request.params.id);
      return { data: { message: words.inbox.savedReplyDeleted } };
    },
  );
};
