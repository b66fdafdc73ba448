import { Readable } from 'node:stream';
import { dataOf, voucherListQuery, voucherPage } from '@balas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Owned, shopGuard } from '../shops/shop-guard.ts';
import type { VouchersService } from './vouchers.service.ts';

const csvCell = (value: string) => {
  // Quote everything, and defuse spreadsheet formulas in user-supplied text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replaceAll('"', '""')}"`;
};

/** The voucher log of spec §7, paginated, or as a streamed CSV with `export=true`. */
export const vouchersRoutes: FastifyPluginAsyncZod<{
  vouchers: VouchersService;
  /** The log needs only the shop's identity and name: recently resolved shops do (decision 0007). */
  owned: Owned;
}> = async (app, { vouchers, owned }) => {
  app.get(
    '/shopee/v1/voucher/:shopId',
    {
      preHandler: shopGuard(owned.recentShop, { param: 'shopId' }),
      schema: {
        tags: ['vouchers'],
        params: z.object({ shopId: z.string().max(100) }),
        querystring: voucherListQuery,
        response: { 200: dataOf(voucherPage) },
      },
    },
    async (request, reply) => {
      const { page, perPage, export: asCsv, ...filter } = request.query;
      if (asCsv === 'true') {
        const rows = vouchers.exportRows(request.shop.id, filter);
        const lines = async function* () {
          yield 'Username,Order ID,Items,Voucher code,Bot response,Sent at\n';
          for await (const batch of rows) {
            yield batch
              .map((r) =>
                [
                  r.username,
                  r.orderId ?? '',
                  r.items.join('; '),
                  r.voucherCode ?? '',
                  r.response,
                  r.sentAt.toISOString(),
                ]
                  .map(csvCell)
                  .join(','),
              )
              .join('\n')
              .concat('\n');
          }
        };
        const name = `vouchers-${request.shop.name.replace(/[^\w-]+/g, '-')}.csv`;
        return (
          reply
            .header('content-type', 'text/csv; charset=utf-8')
            .header('content-disposition', `attachment; filename="${name}"`)
            // A stream skips the JSON serializer; its type is not the JSON schema's.
            .send(Readable.from(lines()) as never)
        );
      }
      return { data: await vouchers.list(request.shop.id, filter, page, perPage) };
    },
  );
};
