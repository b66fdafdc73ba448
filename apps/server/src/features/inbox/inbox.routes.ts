import {
  conversationListQuery,
  conversationToggleBody,
  dataOf,
  lazadaMessage,
  lazadaMessagePage,
  lazadaSession,
  lazadaSessionPage,
  messagePageQuery,
  replyBody,
  routeSegmentIds,
  routeSegments,
  sessionListQuery,
  shopeeConversation,
  shopeeConversationPage,
  shopeeMessage,
  shopeeMessagePage,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { Queue } from '../../platform/queue.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { ComposerService } from './composer/composer.service.ts';
import { cursorAt, decodeOffset } from './conversations/cursor.ts';
import { readOnPlatformJob } from './inbox.jobs.ts';
import {
  conversationViewOf,
  lazadaMessageView,
  lazadaSessionView,
  messageViewOf,
  shopeeConversationView,
  shopeeMessageView,
} from './inbox.serialize.ts';
import type { InboxService } from './inbox.service.ts';
import type { ReplyService } from './reply.service.ts';

const shopParams = z.object({ shopId: z.string().max(100) });
const conversationParams = shopParams.extend({ conversationId: z.string().min(1).max(200) });

/** The list cursor of a query (its time in ms and its conversation id), null for the first page. */
function listCursor(epochMs: number | null, id: string | undefined) {
  if (epochMs === null || !id) return null;
  const cursor = cursorAt(epochMs, id);
  if (!cursor) {
    throw new AppError('validation', 'cursor_id is not a valid cursor', {
      cursor_id: 'cursor_id is not a valid cursor',
    });
  }
  return cursor;
}

/** Conversations and messages of spec §7, read from our database. */
export const inboxRoutes: FastifyPluginAsyncZod<{
  inbox: InboxService;
  replies: ReplyService;
  /** The composer's messages (a picture, a product, a voucher, an order) besides text. */
  composer: ComposerService;
  queue: Queue;
  /** What the merchant owns; the reads below need only the shop's identity (recent shops). */
  owned: Owned;
}> = async (app, { inbox, replies, composer, queue, owned }) => {
  const preHandler = shopGuard(owned.shop, { param: 'shopId' });
  const readPreHandler = shopGuard(owned.recentShop, { param: 'shopId' });
  const tags = ['inbox'];

  app.get(
    '/shopee/v1/:shopId',
    {
      preHandler: readPreHandler,
      schema: {
        tags,
        params: shopParams,
        querystring: conversationListQuery,
        response: { 200: dataOf(shopeeConversationPage) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await inbox.listConversations(request.shop, {
        pageSize: q.page_size,
        cursor: listCursor(
          q.next_timestamp_nano ? Number(BigInt(q.next_timestamp_nano) / 1_000_000n) : null,
          q.cursor_id,
        ),
        unreadOnly: q.type === 'unread',
        search: q.search,
      });
      return {
        data: {
          conversations: page.rows.map(shopeeConversationView),
          page_result: {
            page_size: q.page_size,
            more: page.more,
            next_cursor: {
              next_message_time_nano: page.next
                ? (BigInt(page.next.at.getTime()) * 1_000_000n).toString()
                : '',
              conversation_id: page.next?.id ?? '',
            },
          },
        },
      };
    },
  );

  app.get(
    '/lazada/v1/:shopId',
    {
      preHandler: readPreHandler,
      schema: {
        tags,
        params: shopParams,
        querystring: sessionListQuery,
        response: { 200: dataOf(lazadaSessionPage) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await inbox.listConversations(request.shop, {
        pageSize: q.page_size,
        cursor: listCursor(q.start_time ? Number(q.start_time) : null, q.cursor_id),
        unreadOnly: q.type === 'unread',
        search: q.search,
      });
      return {
        data: {
          session_list: page.rows.map(lazadaSessionView),
          next_start_time: page.next ? String(page.next.at.getTime()) : '',
          next_cursor_id: page.next?.id ?? '',
          has_more: page.more,
        },
      };
    },
  );

  // Opening a conversation (its first page) marks it read.
  const openMessages = async (request: {
    shop: Parameters<InboxService['conversationOf']>[0];
    params: { conversationId: string };
    query: { page_size: number; offset?: string | undefined };
  }) => {
    const cursor = decodeOffset(request.query.offset);
    if (request.query.offset && !cursor) {
      throw new AppError('validation', 'offset is not a valid cursor', {
        offset: 'offset is not a valid cursor',
      });
    }
    const page = await inbox.messagePage(request.shop, request.params.conversationId, {
      pageSize: request.query.page_size,
      cursor,
    });
    const { conversation } = page;
    // Opening an unread conversation tells the platform it was read.
    if (!cursor && (await inbox.markRead(request.shop, conversation)))
      await queue.enqueue(readOnPlatformJob, { conversationId: conversation.id });
    return { conversation, page };
  };

  app.get(
    '/shopee/v1/:shopId/:conversationId',
    {
      preHandler: readPreHandler,
      schema: {
        tags,
        params: conversationParams,
        querystring: messagePageQuery,
        response: { 200: dataOf(shopeeMessagePage) },
      },
    },
    async (request) => {
      const { conversation, page } = await openMessages(request);
      const shopExternal = request.shop.externalId ?? request.shop.id;
      return {
        data: {
          messages: page.rows.map((m) => shopeeMessageView(m, conversation, shopExternal)),
          page_result: { page_size: request.query.page_size, next_offset: page.next },
        },
      };
    },
  );

  app.get(
    '/lazada/v1/:shopId/:conversationId',
    {
      preHandler: readPreHandler,
      schema: {
        tags,
        params: conversationParams,
        querystring: messagePageQuery,
        response: { 200: dataOf(lazadaMessagePage) },
      },
    },
    async (request) => {
      const { conversation, page } = await openMessages(request);
      return {
        data: {
          message_list: page.rows.map((m) => lazadaMessageView(m, conversation)),
          next_offset: page.next,
        },
      };
    },
  );

  for (const provider of routeSegmentIds) {
    const sessions = routeSegments[provider].chats === 'sessions';
    const row = sessions ? lazadaSession : shopeeConversation;
    app.put(
      `/${provider}/v1/:shopId/:conversationId`,
      {
        preHandler,
        schema: {
          tags,
          params: conversationParams,
          body: conversationToggleBody,
          response: { 200: dataOf(row) },
        },
      },
      async (request) => {
        const conversation = await inbox.conversationOf(request.shop, request.params.conversationId);
        const updated = await inbox.setBot(request.shop, conversation, request.body.status);
        return { data: conversationViewOf(request.shop, updated) };
      },
    );

    const messageSchema = sessions ? lazadaMessage : shopeeMessage;
    app.post(
      `/${provider}/v1/:shopId/:conversationId`,
      {
        preHandler,
        schema: {
          tags,
          params: conversationParams,
          body: replyBody,
          response: { 200: dataOf(messageSchema) },
        },
      },
      async (request) => {
        const conversation = await inbox.conversationOf(request.shop, request.params.conversationId);
        const reply = await composer.messageFor(request.shop, conversation, request.body);
        const { message, conversation: c } = await replies.sendManual(request.shop, conversation, reply);
        return { data: messageViewOf(request.shop, message, c) };
      },
    );

    app.post(
      `/${provider}/v1/:shopId/:conversationId/messages/:messageId/retry`,
      {
        preHandler,
        schema: {
          tags,
          params: conversationParams.extend({ messageId: z.string().max(100) }),
          response: { 200: dataOf(messageSchema) },
        },
      },
      async (request) => {
        const conversation = await inbox.conversationOf(request.shop, request.params.conversationId);
        const message = await replies.retry(request.shop, conversation, request.params.messageId);
        return { data: messageViewOf(request.shop, message, conversation) };
      },
    );
  }
};
