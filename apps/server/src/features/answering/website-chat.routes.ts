import {
  dataOf,
  limits,
  messages,
  websiteChatAnswer,
  websiteChatBody,
  websiteHistory,
} from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import type { InboxService } from '../inbox/inbox.service.ts';
import type { Ratings } from '../ratings/ratings.service.ts';
import type { AutoReplyOutcome } from './auto-reply.ts';
import { arrivalTime, type WebsiteChat } from './website-chat.ts';

interface Options {
  chat: WebsiteChat;
  inbox: InboxService;
  replyTo: (messageId: string) => Promise<AutoReplyOutcome>;
  ratings: Pick<Ratings, 'widgetState'>;
}

/** The website widget's calls: public, open to any origin, rate-limited per session and IP. */
export const websiteChatRoutes: FastifyPluginAsyncZod<Options> = async (
  app,
  { chat, inbox, replyTo, ratings },
) => {
  const websiteParams = z.object({ id: z.string().max(100) });
  const perSession = app.rateLimit({
    name: 'website:session',
    max: 20,
    windowMs: 60_000,
    key: (r) =>
      `${(r.params as { id?: string }).id}:${(r.body as { sessionId?: string } | undefined)?.sessionId ?? (r.params as { sessionId?: string }).sessionId ?? ''}`,
  });
  const perIp = app.rateLimit({ name: 'website:ip', max: 120, windowMs: 60_000, key: (r) => r.ip });
  // A new conversation costs more than a message (a row, an inbox entry, the bot): fewer an hour.
  const hour = 60 * 60 * 1000;
  const newChatPerIp = app.rateLimit({
    name: 'website:new:ip',
    max: limits.websiteNewChatsPerAddress,
    windowMs: hour,
    key: (r) => r.ip,
    message: messages.website.tooManyNewChats,
  });
  const newChatPerShop = app.rateLimit({
    name: 'website:new:shop',
    max: limits.websiteNewChatsPerShop,
    windowMs: hour,
    key: (r) => (r.params as { id: string }).id,
    message: messages.website.tooManyShopChats,
  });

  app.post(
    '/website/v1/:id',
    {
      config: { public: true },
      preHandler: [perIp, perSession],
      schema: {
        tags: ['website'],
        params: websiteParams,
        body: websiteChatBody,
        response: { 200: dataOf(websiteChatAnswer) },
      },
    },
    async (request) => {
      const sentAt = arrivalTime();
      const shop = await chat.findShop(request.params.id);
      if (!shop) throw notFound('Shop not found');
      const { sessionId, query } = request.body;
      if (!(await chat.hasConversation(shop.id, sessionId))) {
        await newChatPerIp(request);
        await newChatPerShop(request);
      }
      const stored = await inbox.receive(
        shop,
        {
          conversation: {
            externalId: sessionId,
            customerId: sessionId,
            customerName: `Visitor ${sessionId.slice(0, 4)}`,
          },
          message: {
            externalId: `${sessionId}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
            sender: 'customer',
            content: { kind: 'text', text: query },
            raw: null,
            sentAt,
          },
        },
        // The visitor waits for the answer in this request; the answer due outlives a crash.
        { answer: 'caller' },
      );
      if (!stored) throw notFound('Shop not found');
      const outcome = await replyTo(stored.message.id);
      return {
        data: {
          response: outcome.sent && outcome.sent.status !== 'failed' ? outcome.sent.text : '',
          handover: outcome.handover,
          messageId: outcome.sent?.id ?? null,
        },
      };
    },
  );

  app.get(
    '/website/v1/:id/:sessionId',
    {
      config: { public: true },
      preHandler: [perIp],
      schema: {
        tags: ['website'],
        params: websiteParams.extend({ sessionId: z.string().regex(/^[A-Za-z0-9]{12}$/) }),
        response: { 200: dataOf(websiteHistory) },
      },
    },
    async (request) => {
      const shop = await chat.findShop(request.params.id);
      if (!shop) throw notFound('Shop not found');
      const { sessionId } = request.params;
      return {
        data: {
          chatHistory: await chat.historyOf(shop.id, sessionId),
          rating: await ratings.widgetState(shop.id, sessionId),
        },
      };
    },
  );
};
