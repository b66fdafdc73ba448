import { messages } from '@balas/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vouchersSent, voucherTotals } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
const day = (d: string, h = 12) => new Date(`${d}T${String(h).padStart(2, '0')}:00:00+08:00`);

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  const rows = Array.from({ length: 45 }, (_, i) => ({
    shopId,
    username: i % 3 === 0 ? `amir${i}` : `siti${i}`,
    orderId: `ORD${1000 + i}`,
    items: [`Romper ${i}`],
    voucherCode: 'COMEL10',
    response: i === 7 ? '=HYPERLINK("x")' : `Here is a voucher for you, "friend" ${i}`,
    sentAt: day(`2026-10-${String(1 + (i % 28)).padStart(2, '0')}`, i % 24),
  }));
  await t.ctx.database.db.insert(vouchersSent).values(rows);
});
afterAll(async () => {
  await t.close();
});

const list = (query: string, h = headers) =>
  t.app.inject({ url: `/api/shopee/v1/voucher/${shopId}?${query}`, headers: h });

describe('vouchers', () => {
  it('pages 20 at a time, newest first by default', async () => {
    const res = (await list('perPage=20&page=1')).json().data;
    expect(res).toMatchObject({ total: 45, lastPage: 3, page: 1 });
    expect(res.data).toHaveLength(20);
    const times = res.data.map((v: { chatHistory: { create: string }[] }) => v.chatHistory[0]!.create);
    expect([...times].sort().reverse()).toEqual(times);
    expect(res.data[0].orders[0].items[0].item_name).toMatch(/^Romper/);
    expect((await list('perPage=20&page=3')).json().data.data).toHaveLength(5);
  });

  it('filters by username or order id, by dates, and sorts oldest first', async () => {
    const amir = (await list('search=AMIR')).json().data;
    expect(amir.total).toBe(15);
    const order = (await list('search=ORD1007')).json().data;
    expect(order.data.map((v: { username: string }) => v.username)).toEqual(['siti7']);
    const range = (await list('dateFrom=2026-10-01&dateTo=2026-10-02&orderBy=asc')).json().data;
    expect(range.data.length).toBeGreaterThan(0);
    for (const v of range.data) {
      const sent = Date.parse(v.chatHistory[0].create);
      expect(sent).toBeGreaterThanOrEqual(Date.parse('2026-10-01T00:00:00+08:00'));
      expect(sent).toBeLessThan(Date.parse('2026-10-03T00:00:00+08:00'));
    }
    const times = range.data.map((v: { chatHistory: { create: string }[] }) => v.chatHistory[0]!.create);
    expect([...times].sort()).toEqual(times);
    expect((await list('dateFrom=yesterday')).statusCode).toBe(400);
    // Days that do not exist are a field error, not a server error.
    for (const query of [
      'dateFrom=2024-13-45',
      'dateTo=2023-02-29',
      'dateFrom=0000-01-01',
      'dateTo=9999-12-31',
    ]) {
      const res = await list(query);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ [query.split('=')[0]!]: messages.validation.date });
    }
    expect((await list('dateFrom=2024-02-29&dateTo=2024-02-29')).statusCode).toBe(200);
  });

  it('exports the filtered entries as CSV with quoting and formula defusing', async () => {
    const res = await list('export=true&search=siti');
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('Username,Order ID,Items,Voucher code,Bot response,Sent at');
    expect(lines).toHaveLength(31);
    expect(res.body).toContain('""friend""');
    expect(res.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('keeps another merchant out', async () => {
    const other = await signUp(t.app);
    expect((await list('page=1', other.headers)).statusCode).toBe(404);
    expect((await list('export=true', other.headers)).statusCode).toBe(404);
  });

  it('exports every entry once across batches, even several within one millisecond', async () => {
    const other = await createWebsiteShop(t.app, headers);
    // 25 entries, four to a millisecond, apart by microseconds (as PostgreSQL's now() records them).
    await t.ctx.database.db.execute(sql`
      insert into vouchers_sent (shop_id, username, response, sent_at)
      select ${other}::uuid, 'u' || g, 'r', timestamptz '2026-10-01 12:00:00.123+08' + (g / 4) * interval '1 millisecond'
             + (g % 4) * interval '1 microsecond'
      from generate_series(0, 24) g`);
    for (const orderBy of ['asc', 'desc'] as const) {
      const names: string[] = [];
      for await (const rows of t.app.services.vouchers.exportRows(other, { orderBy }, 3)) {
        names.push(...rows.map((r) => r.username));
        if (names.length > 50) break; // a cursor that does not advance repeats entries forever
      }
      const all = Array.from({ length: 25 }, (_, g) => `u${g}`);
      expect(names).toEqual(orderBy === 'asc' ? all : all.reverse());
    }
  });

  it('keeps the total exact as entries come and go, without counting them', async () => {
    const other = await createWebsiteShop(t.app, headers);
    const total = async () =>
      (await t.app.inject({ url: `/api/shopee/v1/voucher/${other}`, headers })).json().data.total;
    expect(await total()).toBe(0);
    await t.ctx.database.db
      .insert(vouchersSent)
      .values([1, 2, 3].map((i) => ({ shopId: other, username: `n${i}`, response: 'r' })));
    await t.app.services.vouchers.record({
      shopId: other,
      conversationId: null,
      username: 'n4',
      orderId: null,
      items: [],
      voucherCode: 'COMEL10',
      response: 'r',
    });
    expect(await total()).toBe(4);
    await t.ctx.database.db.delete(vouchersSent).where(eq(vouchersSent.username, 'n1'));
    expect(await total()).toBe(3);
    expect((await list('perPage=20')).json().data.total).toBe(45);
    const [row] = await t.ctx.database.db.select().from(voucherTotals).where(eq(voucherTotals.shopId, other));
    expect(row?.total).toBe(3);
  });
});
