import { Readable } from 'node:stream';
import {
  dataOf,
  dismissGapBody,
  gapEntryBody,
  type InsightFigures,
  insightsOverview,
  insightsQuery,
  knowledgeGap,
  knowledgeGapsQuery,
  topic,
} from '@balas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../errors.ts';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import { type InsightsService, periodsFor } from './insights.service.ts';
import type { KnowledgeGaps } from './knowledge-gaps.service.ts';

const csvCell = (value: string | number | null) => {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // Quote text, and defuse spreadsheet formulas in names merchants typed.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};
const seconds = (ms: number | null) => (ms === null ? null : Math.round(ms / 100) / 10);
const ratio = (r: number | null) => (r === null ? null : Math.round(r * 1000) / 1000);

const CSV_HEADER = [
  'Date',
  'Shop',
  'Platform',
  'Chats',
  'Shopper messages',
  'Closed chats',
  'Bot-resolved chats',
  'Bot-resolved share',
  'Handed-over chats',
  'Handover rate',
  'Bot first response median (s)',
  'Bot first response p90 (s)',
  'Human first response median (s)',
  'Human first response p90 (s)',
  'Unanswered chats',
  'Chats due in the platform window',
  'Answered within the window',
  'Within-window share',
  'Vouchers offered',
];

const csvFigures = (f: InsightFigures) => [
  f.chats,
  f.shopperMessages,
  f.closedChats,
  f.botResolved,
  ratio(f.botResolvedShare),
  f.handedOver,
  ratio(f.handoverRate),
  seconds(f.botFirstResponse.medianMs),
  seconds(f.botFirstResponse.p90Ms),
  seconds(f.humanFirstResponse.medianMs),
  seconds(f.humanFirstResponse.p90Ms),
  f.unanswered,
  f.window.due,
  f.window.within,
  ratio(f.window.share),
  f.vouchersOffered,
];

/** The Insights page: figures over a period for all the merchant's shops or one, its CSV, and knowledge gaps. */
export const insightsRoutes: FastifyPluginAsyncZod<{
  insights: InsightsService;
  gaps: KnowledgeGaps;
  owned: Owned;
}> = async (app, { insights, gaps, owned }) => {
  const tags = ['insights'];

  /** All the merchant's shops, or the one named (anyone else's shop is a 404). */
  async function chosenShops(request: FastifyRequest, shopId: string | undefined) {
    if (shopId !== undefined && !(await owned.shop(request.merchantId, shopId)))
      throw notFound('Shop not found');
    return insights.shopsOf(request.merchantId, shopId);
  }

  app.get(
    '/insights',
    {
      schema: { tags, querystring: insightsQuery, response: { 200: dataOf(insightsOverview) } },
    },
    async (request) => {
      const { shopId, ...period } = request.query;
      return { data: await insights.overview(await chosenShops(request, shopId), period) };
    },
  );

  app.get('/insights/export', { schema: { tags, querystring: insightsQuery } }, async (request, reply) => {
    const { shopId, ...query } = request.query;
    const list = await chosenShops(request, shopId);
    const period = periodsFor(list, query).current;
    const rows = insights.dailyByShop(list, period);
    const lines = async function* () {
      yield `${CSV_HEADER.map(csvCell).join(',')}\n`;
      for await (const days of rows) {
        yield days
          .map((d) => [d.date, d.shop.name, d.shop.provider, ...csvFigures(d.figures)].map(csvCell).join(','))
          .join('\n')
          .concat('\n');
      }
    };
    return (
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="insights-${period.from}-to-${period.to}.csv"`)
        // A stream skips the JSON serializer.
        .send(Readable.from(lines()) as never)
    );
  });

  app.get(
    '/insights/gaps',
    {
      schema: { tags, querystring: knowledgeGapsQuery, response: { 200: dataOf(z.array(knowledgeGap)) } },
    },
    async (request) => {
      const { shopId, days } = request.query;
      return { data: await gaps.list(await chosenShops(request, shopId), days) };
    },
  );

  app.post(
    '/insights/gaps/dismiss',
    {
      preHandler: shopGuard(owned.shop, { body: 'shopId' }),
      schema: { tags, body: dismissGapBody, response: { 200: dataOf(z.object({ dismissed: z.number() })) } },
    },
    async (request) => ({
      data: { dismissed: await gaps.mark(request.shop.id, request.body.questionIds, 'dismissed') },
    }),
  );

  app.post(
    '/insights/gaps/entry',
    {
      preHandler: shopGuard(owned.shop, { body: 'shopId' }),
      schema: { tags, body: gapEntryBody, response: { 200: dataOf(topic) } },
    },
    async (request) => ({ data: await gaps.addEntry(request.shop, request.body) }),
  );
};
