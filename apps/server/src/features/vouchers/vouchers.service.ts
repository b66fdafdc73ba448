import type { VoucherEntry } from '@balas/contracts';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  or,
  type Placeholder,
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
  // One filter for the prepared pages (placeholders) and the export (values); absent parts are left out.
  type Value = string | Placeholder;
  const filter = (v: { shopId: Value; term?: Value; from?: Value; to?: Value }): SQL | undefined =>
    and(
      eq(vouchersSent.shopId, v.shopId),
      v.term === undefined
        ? undefined
        : or(ilike(vouchersSent.username, v.term), ilike(vouchersSent.orderId, v.term)),
      v.from === undefined ? undefined : sql`${vouchersSent.sentAt} >= ${v.from}::timestamptz`,
      v.to === undefined ? undefined : sql`${vouchersSent.sentAt} < ${v.to}::timestamptz`,
    );
  const filterValues = (shopId: string, f: VoucherFilter) => ({
    shopId,
    ...(f.search ? { term: `%${escapeLike(f.search)}%` } : {}),
    ...(f.dateFrom ? { from: dayStart(f.dateFrom).toISOString() } : {}),
    ...(f.dateTo ? { to: nextDay(f.dateTo).toISOString() } : {}),
  });
  const order = (ascending: boolean) =>
    ascending
      ? [asc(vouchersSent.sentAt), asc(vouchersSent.id)]
      : [desc(vouchersSent.sentAt), desc(vouchersSent.id)];

  // The list's queries are built and prepared once per combination of filters (building a drizzle
  // query costs more than running it); the values go in as placeholders.
  const listQueries = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(name: string, f: { search: boolean; from: boolean; to: boolean; asc: boolean }) {
    const filtered = filter({
      shopId: sql.placeholder('shopId'),
      ...(f.search ? { term: sql.placeholder('term') } : {}),
      ...(f.from ? { from: sql.placeholder('from') } : {}),
      ...(f.to ? { to: sql.placeholder('to') } : {}),
    });
    const ordered = order(f.asc);
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
      const values = { ...filterValues(shopId, f), limit: perPage, offset: (page - 1) * perPage };
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
              filter(filterValues(shopId, f)),
              c
                ? sql`(${vouchersSent.sentAt}, ${vouchersSent.id}) ${past} (${c.at}::timestamptz, ${c.id}::uuid)`
                : undefined,
            ),
          )
          .orderBy(...order(f.orderBy === 'asc'))
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
