import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../apps/server/src/db/client.ts';
import {
  benchOnPostgres,
  createBenchDatabase,
  type Figure,
  signUpBench,
  startBenchApp,
  startServerProcess,
  watchMemory,
} from './support.ts';

const ENTRIES = 100_000;
const OTHER_SHOP_ENTRIES = 10_000;
const MB = 1024 * 1024;

async function createShop(app: FastifyInstance, headers: Record<string, string>, name: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/website',
    headers,
    payload: { name, person_name: 'B', person_email: 'b@example.com', person_phone: '012-345 6789' },
  });
  return res.json().data.id as string;
}

/**
 * `count` voucher log entries for a shop, as the bot writes them: repeat customers' Shopee
 * usernames, order numbers (one in ten without), one to three items, the reply in English, Malay or
 * Chinese, sent at microsecond times spread over the past year.
 */
async function seedVouchers(db: Db, shopId: string, count: number) {
  await db.execute(sql`
    insert into vouchers_sent (shop_id, username, order_id, items, voucher_code, response, sent_at)
    select ${shopId}::uuid, username,
           case when g % 10 = 0 then null else to_char(at, 'YYMMDD') || upper(substr(md5(g::text), 1, 8)) end,
           case g % 3 when 0 then jsonb_build_array(p[1 + g % 12])
                      when 1 then jsonb_build_array(p[1 + g % 12], p[1 + (g / 12) % 12])
                      else jsonb_build_array(p[1 + g % 12], p[1 + (g / 12) % 12], p[1 + (g / 144) % 12]) end,
           code,
           case g % 3 when 0 then 'Hi ' || username || '! Thank you for your order. Here is a voucher for your next purchase: '
                                  || code || ' (RM10 off, min. spend RM50, valid for 30 days).'
                      when 1 then 'Terima kasih ' || username || '! Gunakan baucar ' || code
                                  || ' untuk diskaun RM10 pada pembelian seterusnya, sah selama 30 hari.'
                      else '谢谢您的订单，' || username || '！下次购物可使用优惠码 ' || code || '，立减RM10（30天内有效）。' end,
           at
    from (
      select g,
             (array['siti', 'amir', 'meiling', 'kumar', 'nurul', 'jason', 'farah', 'weijie', 'aisyah', 'raj',
                    'hafiz', 'chloe', 'zul', 'priya', 'ahmad', 'yenyen'])[1 + g % 16]
               || (array['', '.', '_'])[1 + (g / 16) % 3]
               || (array['rahman', 'tan', 'lim', 'hakim', 'wong', 'nair', 'ismail', 'lee'])[1 + (g / 48) % 8]
               || ((g / 384) % 90 + 10)::text as username,
             (array['COMEL10', 'RAYA15', 'FREESHIP', 'BABY5'])[1 + g % 4] as code,
             array['Bamboo Swaddle Blanket 120x120cm', 'Newborn Cotton Romper 3-6M', 'Foldable Baby Stroller Lightweight',
                   'Anti-Colic Feeding Bottle 260ml', 'Organic Baby Wipes 80s x 3', 'Muslin Burp Cloth (5 pcs)',
                   'Baby Carrier Hipseat Ergonomic', 'Silicone Teether Ring BPA-free', 'Kids Raincoat with Hood (S)',
                   'Diaper Bag Backpack Waterproof', 'Baby Bath Tub Foldable', 'Cotton Mittens & Booties Set'] as p,
             now() - make_interval(secs => ((g::bigint * 2654435761) % 31536000000000) / 1e6) as at
      from generate_series(1, ${count}::int) g
    ) s`);
}

/** Peak resident memory of a process: VmHWM after resetting it (clear_refs 5), and VmRSS polled every 5 ms. */
/** Streams a CSV answer without keeping it: bytes, records (newlines outside quotes), first-byte time. */
async function readCsv(url: string, headers: Record<string, string>) {
  const started = performance.now();
  const res = await fetch(url, { headers });
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let lines = 0;
  let quoted = false;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (bytes === 0) firstByteMs = performance.now() - started;
    bytes += value.length;
    for (const byte of value) {
      if (byte === 0x22) quoted = !quoted;
      else if (byte === 0x0a && !quoted) lines++;
    }
  }
  return { ms: performance.now() - started, firstByteMs, bytes, rows: lines - 1 };
}

/** Malaysia-time calendar day `daysAgo` days back, as the dashboard's date filter sends it. */
const day = (daysAgo: number) =>
  new Date(Date.now() + 8 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * The voucher log of one shop with 100,000 entries (and another shop's beside them): pages at 50
 * concurrent clients over HTTP, and the streamed CSV export of all of them, measured on the real
 * server in its own process (PostgreSQL with DATABASE_URL, else PGlite).
 */
export async function benchVouchers(): Promise<Figure[]> {
  const postgres = benchOnPostgres();
  const database = await createBenchDatabase(postgres);
  try {
    // Seed through the app in this process, then serve the same database from a server process.
    const setup = await startBenchApp({ database });
    const headers = await signUpBench(setup.app);
    const shopId = await createShop(setup.app, headers, 'Kedai Comel Baby');
    const otherShopId = await createShop(setup.app, headers, 'Other shop');
    const started = performance.now();
    await seedVouchers(setup.ctx.database.db, shopId, ENTRIES);
    await seedVouchers(setup.ctx.database.db, otherShopId, OTHER_SHOP_ENTRIES);
    // A year of entries has long been vacuumed (PostgreSQL's autovacuum): visibility map and statistics.
    await setup.ctx.database.db.execute(sql`vacuum analyze vouchers_sent`);
    await setup.close();
    console.log(
      `  ${postgres ? 'PostgreSQL' : 'PGlite'}: seeded ${ENTRIES} voucher entries (+${OTHER_SHOP_ENTRIES} of another shop) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const server = await startServerProcess(database);
    try {
      const base = `${server.url}/api/shopee/v1/voucher/${shopId}?perPage=20`;
      // Each run starts on an idle server: requests still queued from the last one are done.
      const settle = () => new Promise((r) => setTimeout(r, 1000));
      const load = async (query: string) => {
        await settle();
        return autocannon({ url: `${base}&${query}`, connections: 50, duration: 10, headers });
      };
      // Warm-up: the first requests compile routes and fill connection pools.
      await autocannon({ url: `${base}&page=1`, connections: 10, duration: 2, headers });
      // The floor of this machine: the cheapest route at the same concurrency.
      await settle();
      const floor = await autocannon({ url: `${server.url}/api/health`, connections: 50, duration: 5 });
      const first = await load('page=1');
      const search = await load('page=1&search=meiling');
      const range = await load(`page=1&dateFrom=${day(90)}&dateTo=${day(60)}`);
      const deep = await load('page=2000');

      await settle();
      const memory = watchMemory(server.pid);
      const csv = await readCsv(`${base}&export=true`, headers);
      const rss = memory.stop();
      const ascending = await readCsv(`${base}&export=true&orderBy=asc`, headers);
      console.log(
        `  export: ${csv.rows} rows, first byte after ${csv.firstByteMs.toFixed(0)} ms; server RSS ${(rss.before / MB).toFixed(0)} -> peak ${(rss.peak / MB).toFixed(0)} MB`,
      );
      const failed = [first, search, range, deep].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      return [
        { name: 'floor: GET /api/health p99 (50 clients)', value: floor.latency.p99, unit: 'ms' },
        { name: 'first page p99 (50 clients)', value: first.latency.p99, unit: 'ms', budget: 20 },
        { name: 'first page throughput', value: first.requests.average, unit: 'req/s' },
        { name: 'search page p99 (50 clients)', value: search.latency.p99, unit: 'ms' },
        { name: 'date range page p99 (50 clients)', value: range.latency.p99, unit: 'ms' },
        { name: 'page 2000 p99 (50 clients)', value: deep.latency.p99, unit: 'ms' },
        { name: 'failed requests (non-2xx, errors, timeouts)', value: failed, unit: '', budget: 0 },
        { name: 'CSV export of 100,000 entries', value: csv.ms, unit: 'ms' },
        { name: 'CSV export size', value: csv.bytes / MB, unit: 'MB' },
        { name: 'CSV export rows', value: csv.rows, unit: 'rows' },
        {
          name: 'export rows off the entry count (both orders)',
          value: Math.abs(csv.rows - ENTRIES) + Math.abs(ascending.rows - ENTRIES),
          unit: 'rows',
          budget: 0,
        },
        { name: 'server memory growth during export', value: rss.growth / MB, unit: 'MB', budget: 50 },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
