import autocannon from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client.ts';
import { shops } from '../apps/server/src/db/schema.ts';
import {
  createBenchDatabase,
  type Figure,
  signUpBench,
  startBenchApp,
  startServerProcess,
} from './support.ts';

export const SHOPS: { name: string; provider: 'shopee' | 'lazada' | 'website'; region: string | null }[] = [
  { name: 'Kedai Comel Shopee', provider: 'shopee', region: 'MY' },
  { name: 'Kedai Comel Lazada', provider: 'lazada', region: 'my' },
  { name: 'Baby Shop Bangkok', provider: 'shopee', region: 'TH' },
  { name: 'Kedai Comel Singapore', provider: 'lazada', region: 'sg' },
  { name: 'Kedai Comel Website', provider: 'website', region: null },
];
const CONVERSATIONS_PER_SHOP = 4_000;
/** Five chats of ten messages each: 1,000,000 messages over the five shops. */
const MESSAGES_PER_CONVERSATION = 50;
const DAYS = 120;
const CLIENTS = 10;

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
 * Chats as the product stores them, spread over the last 120 days: each chat starts at a pseudo-random
 * time; shopper questions and bot answers alternate a few seconds apart; one chat in three has a
 * person of the shop replying minutes to hours later; one in seven is handed over (with an event and
 * a bot answer log entry of the question), one in five gets its bot reply from a topic or a file.
 */
export async function seed(db: Db, shopId: string, n: number) {
  await db.execute(sql`
    insert into conversations (shop_id, external_id, customer_id, customer_name, latest_text, latest_at)
    select ${shopId}::uuid, (7000000000000000000 + ${n}::bigint * 100000 + g)::text, 'buyer' || g, 'Buyer ' || g, 'hi', now()
    from generate_series(1, ${CONVERSATIONS_PER_SHOP}::int) g`);
  // chat = m / 10, step = m % 10; a chat's start is a hash of (conversation, chat) over 120 days.
  await db.execute(sql`
    insert into messages (shop_id, conversation_id, external_id, sender, type, content, text, sent_at)
    select c.shop_id, c.id, c.external_id || '-' || m,
           case when m % 2 = 0 then 'customer'
                when m % 10 = 9 and h % 3 = 0 then 'agent'
                else 'bot' end,
           'text', jsonb_build_object('text', 'message ' || m), 'message ' || m,
           now() - make_interval(secs => h % (${DAYS}::int * 86400))
             + make_interval(secs => (m % 10) * 20 + case when m % 10 = 9 and h % 3 = 0 then h % 7200 else 0 end)
    from conversations c
    cross join generate_series(0, ${MESSAGES_PER_CONVERSATION - 1}::int) m
    cross join lateral (select abs(hashtext(c.id::text || ':' || (m / 10)::text))::bigint as h) x
    where c.shop_id = ${shopId}::uuid`);
  await db.execute(sql`
    insert into conversation_events (shop_id, conversation_id, kind, reason, actor, at)
    select m.shop_id, m.conversation_id, 'handover',
           (array['low_confidence', 'asked_for_human', 'angry'])[1 + abs(hashtext(m.id::text)) % 3], 'bot', m.sent_at + interval '1 second'
    from messages m
    where m.shop_id = ${shopId}::uuid and m.sender = 'customer' and m.external_id ~ '-[0-9]*0$' and abs(hashtext(m.conversation_id::text)) % 7 = 0`);
  await db.execute(sql`
    insert into bot_answers (shop_id, conversation, message, response, confidence, language, sources, handover, created_at)
    select m.shop_id, c.external_id,
           (array['Do you ship to Sabah?', 'Boleh hantar ke Sabah tak?', '可以寄到沙巴吗？', 'When will the stroller be restocked?',
                  'Bila stroller restock?', 'Is the romper cotton?', 'Can I pay by COD?', 'Boleh bayar COD?'])[1 + abs(hashtext(m.id::text)) % 8],
           'answer', 0.8, 'en',
           jsonb_build_array(jsonb_build_object('kind', case when abs(hashtext(m.id::text)) % 4 = 0 then 'file' else 'topic' end,
             'id', 'x', 'name', (array['Shipping', 'Returns', 'Payment', 'Care guide.pdf', 'Sizes', 'Vouchers'])[1 + abs(hashtext(m.id::text)) % 6],
             'excerpt', '', 'score', 1)),
           case when abs(hashtext(m.conversation_id::text)) % 7 = 0 then 'low_confidence' end,
           m.sent_at
    from messages m join conversations c on c.id = m.conversation_id
    where m.shop_id = ${shopId}::uuid and m.sender = 'customer' and m.external_id ~ '-[0-9]*0$'`);
  await db.execute(sql`
    insert into vouchers_sent (shop_id, username, response, sent_at)
    select ${shopId}::uuid, 'buyer' || g, 'voucher', now() - make_interval(secs => abs(hashtext(g::text)) % (${DAYS}::int * 86400))
    from generate_series(1, 4000) g`);
}

/**
 * Insights on PostgreSQL with 1,000,000 messages in 100,000 chats of 20,000 conversations over five
 * shops: the page's one call for 30 and 90 days, all shops and one, at 10 concurrent clients, on
 * the real server in its own process; the rollups' catch-up from nothing, the gaps list and the CSV.
 */
export async function benchInsights(): Promise<Figure[]> {
  const database = await createBenchDatabase(true);
  try {
    const setup = await startBenchApp({ database });
    const headers = await signUpBench(setup.app);
    const { db } = setup.ctx.database;
    const ids: string[] = [];
    const started = performance.now();
    for (const [n, shop] of SHOPS.entries()) {
      const id = await createShop(setup.app, headers, shop.name);
      await db.update(shops).set({ provider: shop.provider, region: shop.region }).where(eq(shops.id, id));
      await seed(db, id, n);
      ids.push(id);
    }
    const seeded = performance.now();
    const conversations = await setup.app.services.insightsRollup.refresh();
    const rolledUp = performance.now();
    await db.execute(sql`vacuum analyze`);
    const [counts] = (
      (await db.execute(sql`
        select (select count(*) from messages)::int as messages, (select count(*) from insight_chats)::int as chats,
               (select count(*) from bot_answers)::int as answers`)) as unknown as {
        rows: { messages: number; chats: number; answers: number }[];
      }
    ).rows;
    await setup.close();
    console.log(
      `  seeded ${counts?.messages} messages, ${counts?.answers} bot answers in ${((seeded - started) / 1000).toFixed(1)} s; rollup of ${conversations} conversations into ${counts?.chats} chats in ${((rolledUp - seeded) / 1000).toFixed(1)} s`,
    );

    const server = await startServerProcess(database);
    try {
      const settle = () => new Promise((r) => setTimeout(r, 1000));
      const load = async (path: string, seconds = 10) => {
        await settle();
        return autocannon({ url: `${server.url}${path}`, connections: CLIENTS, duration: seconds, headers });
      };
      // Shoppers keep writing while the page is read: a message a second into a random conversation,
      // so the server's refresh job rewrites days (and drops cached figures) every 15 seconds.
      const writer = new pg.Client({ connectionString: database.url });
      await writer.connect();
      let writes = 0;
      const writing = setInterval(() => {
        writes++;
        void writer
          .query(
            `insert into messages (shop_id, conversation_id, external_id, sender, type, content, text, sent_at)
             select c.shop_id, c.id, 'live-' || $1::text, 'customer', 'text', '{"text":"hello"}', 'hello', now()
               from conversations c where c.shop_id = $2::uuid order by c.id offset $3 limit 1`,
            [`${Date.now()}-${writes}`, ids[writes % ids.length], writes % CONVERSATIONS_PER_SHOP],
          )
          .catch(() => {});
      }, 1000);
      const cold = async (path: string) => {
        await writer.query('update insight_versions set version = version + 1');
        const started = performance.now();
        const res = await fetch(`${server.url}${path}`, { headers });
        await res.arrayBuffer();
        return performance.now() - started;
      };
      type Load = Awaited<ReturnType<typeof load>>;
      let all30: Load;
      let all90: Load;
      let one30: Load;
      let gaps: Load;
      let cold30: number;
      let cold90: number;
      try {
        await load('/api/insights?days=30', 3); // warm-up
        all30 = await load('/api/insights?days=30');
        all90 = await load('/api/insights?days=90');
        one30 = await load(`/api/insights?days=30&shopId=${ids[0]}`);
        gaps = await load('/api/insights/gaps?days=90', 5);
        await settle();
        cold30 = await cold('/api/insights?days=30');
        cold90 = await cold('/api/insights?days=90');
      } finally {
        clearInterval(writing);
        await writer.end();
      }
      await settle();
      const csvStarted = performance.now();
      const csv = await fetch(`${server.url}/api/insights/export?days=90`, { headers });
      const csvRows = (await csv.text()).trim().split('\n').length - 1;
      const csvMs = performance.now() - csvStarted;
      const failed = [all30, all90, one30, gaps].reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0);
      return [
        {
          name: `insights, 5 shops, 30 days p99 (${CLIENTS} clients)`,
          value: all30.latency.p99,
          unit: 'ms',
          budget: 150,
        },
        { name: 'insights, 5 shops, 30 days throughput', value: all30.requests.average, unit: 'req/s' },
        {
          name: `insights, 5 shops, 90 days p99 (${CLIENTS} clients)`,
          value: all90.latency.p99,
          unit: 'ms',
          budget: 400,
        },
        { name: `insights, 1 shop, 30 days p99 (${CLIENTS} clients)`, value: one30.latency.p99, unit: 'ms' },
        { name: 'insights, 5 shops, 30 days, right after a rollup change', value: cold30, unit: 'ms' },
        { name: 'insights, 5 shops, 90 days, right after a rollup change', value: cold90, unit: 'ms' },
        {
          name: `knowledge gaps, 5 shops, 90 days p99 (${CLIENTS} clients)`,
          value: gaps.latency.p99,
          unit: 'ms',
        },
        { name: 'CSV by day and shop, 90 days', value: csvMs, unit: 'ms' },
        { name: 'CSV rows (90 days x 5 shops)', value: csvRows, unit: 'rows' },
        { name: 'failed requests (non-2xx, errors, timeouts)', value: failed, unit: '', budget: 0 },
        { name: 'rollup catch-up from nothing (1M messages)', value: (rolledUp - seeded) / 1000, unit: 's' },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await database.drop();
  }
}
