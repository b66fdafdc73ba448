import type { VoucherEntry } from '@balas/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vouchersSent, voucherTotals } from '../../db/schema.ts';

export interface VoucherFilter {
  search?: string | undefined;
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  orderBy?: 'asc' | 'desc' | undefined;
}

type Row = typeof vouchersSent.$inferSelect;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// Dates are calendar days in Malaysia time (UTC+8), where our merchants are.
const dayStart = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => new Date(dayStart(day).getTime() + 24 * 3600 * 1000);

export const toVoucherEntry = (r: Row): VoucherEntry => ({
  id: r.id,
  username: r.username,
  voucherCode: r.voucherCode,
  orders: r.orderId ? [{ orderId: r.orderId, items: r.items.map((item_name) => ({ item_name })) }] : [],
  chatHistory: [{ response: r.response, create: r.sentAt.toISOString() }],
});

export function createVouchersService(db: Db) {
  const where = (shopId: string, f: VoucherFilter): SQL | undefined => {
    const term = f.search ? `%${escapeLike(f.search)}%` : null;
    return and(
      eq(vouchersSent.shopId, shopId),
      term ? or(ilike(vouchersSent.username, term), ilike(vouchersSent.orderId, term)) : undefined,
      f.dateFrom ? gte(vouchersSent.sentAt, dayStart(f.dateFrom)) : undefined,
      f.dateTo ? lt(vouchersSent.sentAt, nextDay(f.dateTo)) : undefined,
    );
  };
  const order = (f: VoucherFilter) =>
    f.orderBy === 'asc'
      ? [asc(vouchersSent.sentAt), asc(vouchersSent.id)]
      : [desc(vouchersSent.sentAt), desc(vouchersSent.id)];

  // The list's queries are built and prepared once per combination of filters (building a drizzle
  // query costs more than running it); the values go in as placeholders.
  const listQueries = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(name: string, f: { search: boolean; from: boolean; to: boolean; asc: boolean }) {
    const term = sql.placeholder('term');
    const filtered = and(
      eq(vouchersSent.shopId, sql.placeholder('shopId')),
      f.search ? or(ilike(vouchersSent.username, term), ilike(vouchersSent.orderId, term)) : undefined,
      f.from ? sql`${vouchersSent.sentAt} >= ${sql.placeholder('from')}::timestamptz` : undefined,
      f.to ? sql`${vouchersSent.sentAt} < ${sql.placeholder('to')}::timestamptz` : undefined,
    );
    const ordered = f.asc
      ? [asc(vouchersSent.sentAt), asc(vouchersSent.id)]
      : [desc(vouchersSent.sentAt), desc(vouchersSent.id)];
    // The page's ids first (from the index alone when unfiltered), then only those rows: a deep
    // page does not read every row it skips.
    const ids = db
      .select({ id: vouchersSent.id })
      .from(vouchersSent)
      .where(filtered)
      .orderBy(...ordered)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return {
      page: db
        .select()
        .from(vouchersSent)
        .where(inArray(vouchersSent.id, ids))
        .orderBy(...ordered)
        .prepare(`vouchers_page_${name}`),
      // Unfiltered, the total is the trigger-kept count rather than a count of every entry.
      total:
        f.search || f.from || f.to
          ? db.select({ n: count() }).from(vouchersSent).where(filtered).prepare(`vouchers_total_${name}`)
          : db
              .select({ n: voucherTotals.total })
              .from(voucherTotals)
              .where(eq(voucherTotals.shopId, sql.placeholder('shopId')))
              .prepare('vouchers_total'),
    };
  }
  const listQuery = (f: VoucherFilter) => {
    const shape = { search: !!f.search, from: !!f.dateFrom, to: !!f.dateTo, asc: f.orderBy === 'asc' };
    const name = `${shape.asc ? 'asc' : 'desc'}${shape.search ? '_search' : ''}${shape.from ? '_from' : ''}${shape.to ? '_to' : ''}`;
    let query = listQueries.get(name);
    if (!query) {
      query = prepareList(name, shape);
      listQueries.set(name, query);
    }
    return query;
  };

  return {
    async list(shopId: string, f: VoucherFilter, page: number, perPage: number) {
      const query = listQuery(f);
      const values = {
        shopId,
        limit: perPage,
        offset: (page - 1) * perPage,
        ...(f.search ? { term: `%${escapeLike(f.search)}%` } : {}),
        ...(f.dateFrom ? { from: dayStart(f.dateFrom).toISOString() } : {}),
        ...(f.dateTo ? { to: nextDay(f.dateTo).toISOString() } : {}),
      };
      const [rows, [counted]] = await Promise.all([query.page.execute(values), query.total.execute(values)]);
      const n = counted?.n ?? 0;
      return {
        data: rows.map(toVoucherEntry),
        total: n,
        page,
        perPage,
        lastPage: Math.max(1, Math.ceil(n / perPage)),
      };
    },

    /** Streams the filtered entries in keyset batches: memory stays flat whatever the count. */
    async *exportRows(shopId: string, f: VoucherFilter, batch = 1000): AsyncGenerator<Row[]> {
      // The cursor keeps sent_at to the microsecond (a Date would round it to the millisecond and
      // repeat or skip entries), and one row comparison lets the index seek straight to it.
      const past = f.orderBy === 'asc' ? sql.raw('>') : sql.raw('<');
      const at = sql<string>`to_char(${vouchersSent.sentAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
      let cursor: { at: string; id: string } | null = null;
      for (;;) {
        const c: { at: string; id: string } | null = cursor;
        const rows: (Row & { cursor: string })[] = await db
          .select({ ...getTableColumns(vouchersSent), cursor: at })
          .from(vouchersSent)
          .where(
            and(
              where(shopId, f),
              c
                ? sql`(${vouchersSent.sentAt}, ${vouchersSent.id}) ${past} (${c.at}::timestamptz, ${c.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(...order(f))
          .limit(batch);
        if (rows.length === 0) return;
        yield rows;
        const last = rows.at(-1)!;
        cursor = { at: last.cursor, id: last.id };
        if (rows.length < batch) return;
      }
    },

    async record(entry: {
      shopId: string;
      conversationId: string | null;
      username: string;
      orderId: string | null;
      items: string[];
      voucherCode: string | null;
      response: string;
    }) {
      await db.insert(vouchersSent).values(entry);
    },
  };
}

export type VouchersService = ReturnType<typeof createVouchersService>;
