import { createHmac } from 'node:crypto';
import { sandboxDefaults } from '@balas/marketplace-sandbox';
import autocannon, { type Options as LoadOptions } from 'autocannon';
import pg from 'pg';
import { createBenchDatabase, type Figure, openLoopLoad, startServerProcess } from './support.ts';

const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 100;
const SHOPS = 5;
const WARM_UP_SECONDS = 5;
const SETTLE_TIMEOUT_MS = 15 * 60_000;
/** The conversation number `g` (1…10,000) lives in shop `g % SHOPS`. */
const externalIdOf = (g: number) => String(7000000000000000000n + BigInt(g));

/**
 * Inbox reads on PostgreSQL with 10,000 conversations and 1,000,000 messages over 5 shops of one
 * merchant, 50 concurrent clients: a shop's list and a chat page (spec §7 routes), the one inbox's
 * first page of each view, its counts and a search.
 */
export async function benchInbox(): Promise<Figure[]> {
  // The server runs in its own process, so the load generator does not share its event loop.
  const database = await createBenchDatabase(true);
  const server = await startServerProcess(database);
  try {
    const post = async (path: string, body: unknown, auth?: Record<string, string>) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...auth },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
      return ((await res.json()) as { data: Record<string, string> }).data;
    };
    const { accessToken } = await post('/signup', {
      name: 'Bench',
      email: `bench-${Date.now()}@example.com`,
      password: 'benchmark-lantern-42',
      confirm: 'benchmark-lantern-42',
    });
    const headers = { authorization: `Bearer ${accessToken}` };
    const shopIds: string[] = [];
    for (let i = 0; i < SHOPS; i++) {
      shopIds.push(
        (
          await post(
            '/website',
            {
              name: `Bench shop ${i}`,
              person_name: 'B',
              person_email: 'b@example.com',
              person_phone: '012-345 6789',
            },
            headers,
          )
        ).id!,
      );
    }
    const shopId = shopIds[0]!;
    const started = Date.now();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    // Four shops with the bot on, one with it off (its waiting shoppers need the merchant).
    await client.query('update shops set default_bot_status = (name <> $1) where id = any($2::uuid[])', [
      `Bench shop ${SHOPS - 1}`,
      shopIds,
    ]);
    await client.query(
      `insert into conversations (shop_id, external_id, customer_id, customer_name, latest_text, latest_at, last_from)
       select ($1::uuid[])[1 + g % ${SHOPS}], (7000000000000000000 + g)::text, 'buyer' || g, 'Customer ' || g,
              'latest ' || g, now() - (g || ' minutes')::interval,
              case when g % 13 = 0 then 'customer' else 'bot' end
       from generate_series(1, $2) g`,
      [shopIds, CONVERSATIONS],
    );
    // A realistic mix of states: 5% handed over, 10% resolved, 2% snoozed, 14% unread, and the
    // shoppers waiting for an answer on a countdown.
    await client.query(`
      update conversations c set
        handed_over = (g % 20 = 0),
        handover_code = case when g % 20 = 0 then 'asked_for_human' end,
        handover_reason = case when g % 20 = 0 then 'The shopper asked to talk to a person' end,
        resolved_at = case when g % 10 = 1 then c.latest_at end,
        snoozed_until = case when g % 50 = 3 then now() + interval '1 day' end,
        unread_count = case when g % 7 = 0 then 2 else 0 end,
        has_new = (g % 7 = 0),
        awaiting_since = case when c.last_from = 'customer' then c.latest_at end,
        reply_due_at = case when c.last_from = 'customer' then c.latest_at + interval '12 hours' end
      from (select id, (external_id::numeric - 7000000000000000000)::int as g from conversations) x
      where x.id = c.id`);
    await client.query(
      `insert into messages (shop_id, conversation_id, external_id, sender, type, content, text, sent_at)
       select c.shop_id, c.id, c.external_id || '-' || m,
              case when m = 1 then c.last_from when m % 2 = 0 then 'customer' else 'bot' end, 'text',
              jsonb_build_object('text', 'message ' || m), 'message ' || m, c.latest_at - (m || ' seconds')::interval
       from conversations c, generate_series(1, $1) m where c.shop_id = any($2::uuid[])`,
      [MESSAGES_PER_CONVERSATION, shopIds],
    );
    // A handful of messages with a rare word, for the search.
    await client.query(
      `update messages set text = text || ' batik sarong' where external_id in (select external_id || '-5' from conversations where (external_id::numeric % 997) = 0)`,
    );
    // As autovacuum leaves a settled table: statistics, and the visibility map for index-only counts.
    await client.query('vacuum analyze conversations');
    await client.query('vacuum analyze messages');
    await client.query('vacuum analyze shops');
    console.log(
      `  seeded ${CONVERSATIONS} conversations over ${SHOPS} shops and ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // A million messages written at once queue every conversation for the Insights rollup, a
    // backlog a live shop never has (its messages arrive over months). Measured while that backlog
    // is worked off, every read here came out 2-3 times slower: the figures are those of a settled
    // server, so the bench waits for the rollup to catch up first.
    const settling = Date.now();
    for (;;) {
      const { rows } = await client.query<{ n: number }>(
        'select (select count(*) from insight_dirty)::int + (select count(*) from insight_dirty_hours)::int as n',
      );
      if (rows[0]!.n === 0) break;
      if (Date.now() - settling > SETTLE_TIMEOUT_MS)
        throw new Error(`Insights rollup still has ${rows[0]!.n} to do`);
      await new Promise((r) => setTimeout(r, 2000));
    }
    await client.query('vacuum analyze');
    // The seeding's dirty pages written out now, not by a checkpoint spread over the measurements.
    await client.query('checkpoint');
    await client.end();
    console.log(
      `  Insights rollup caught up with the seeded history in ${((Date.now() - settling) / 1000).toFixed(0)} s`,
    );

    // Each load runs once unmeasured first, so the figures are those of a warm server (JIT, pools).
    const measured = async (options: LoadOptions) => {
      await autocannon({ ...options, duration: WARM_UP_SECONDS });
      return autocannon(options);
    };
    const list = await measured({
      url: `${server.url}/api/shopee/v1/${shopId}?direction=older&type=all&page_size=20`,
      connections: 50,
      duration: 10,
      headers,
    });
    // Pages of 1,000 conversations spread over all 10,000, as prebuilt requests: a per-request
    // setupRequest makes autocannon deep-clone its context and rebuild the request every time, CPU
    // it takes from the server on this shared 2-core box (about 6% of the page throughput).
    const PAGED_CONVERSATIONS = 1_000;
    const page = await measured({
      url: server.url,
      connections: 50,
      duration: 10,
      headers,
      requests: Array.from({ length: PAGED_CONVERSATIONS }, (_, i) => ({
        path: ((g) => `/api/shopee/v1/${shopIds[g % SHOPS]}/${externalIdOf(g)}?page_size=25`)(
          i * (CONVERSATIONS / PAGED_CONVERSATIONS) + 1,
        ),
      })),
    });
    // The one inbox: the first page of each view across the 5 shops, the counts, a search.
    const inboxLoad = (path: string) =>
      measured({ url: `${server.url}${path}`, connections: 50, duration: 10, headers });
    const views: Record<string, Awaited<ReturnType<typeof autocannon>>> = {};
    for (const view of ['all', 'needs_you', 'waiting', 'snoozed', 'unread', 'bot', 'resolved'] as const) {
      views[view] = await inboxLoad(`/api/inbox/conversations?view=${view}&limit=30`);
    }
    const counts = await inboxLoad('/api/inbox/counts');
    const search = await inboxLoad('/api/inbox/conversations?view=all&limit=30&q=sarong');
    const nameSearch = await inboxLoad('/api/inbox/conversations?view=all&limit=30&q=Customer%209999');

    // Push acknowledgement: signed Shopee webchat pushes arriving evenly at 500/s, each a new message.
    // Each is verified, stored once and queued; its job finds no connected shop 947042923 here, so
    // the figure is the acknowledgement with a light job load, not conversation ingestion or bot answers.
    const callback = `${server.url}/api/webhooks/shopee`;
    let seq = 0;
    const push = () => {
      seq++;
      const now = Math.floor(Date.now() / 1000);
      const body = `{"msg_id":"","code":10,"shop_id":947042923,"timestamp":${now},"data":{"type":"message","content":{"message_id":${8000000000000000000n + BigInt(seq)},"conversation_id":${7000000000000000000n + BigInt(seq % 500)},"from_id":880011,"to_shop_id":947042923,"message_type":"text","content":{"text":"hello ${seq}"},"created_timestamp":${now}}}}`;
      const signature = createHmac('sha256', sandboxDefaults.shopee.partnerKey)
        .update(`${callback}|${body}`)
        .digest('hex');
      return {
        method: 'POST',
        path: '/api/webhooks/shopee',
        body,
        headers: { 'content-type': 'application/json', authorization: signature },
      };
    };
    await openLoopLoad({ url: server.url, rate: 500, durationSeconds: WARM_UP_SECONDS, request: push });
    const ack = await openLoopLoad({ url: server.url, rate: 500, durationSeconds: 10, request: push });
    return [
      { name: 'push acknowledge p99 (500 pushes/s)', value: ack.p99, unit: 'ms', budget: 10 },
      { name: 'push acknowledge throughput', value: ack.perSecond, unit: 'req/s' },
      { name: 'conversation list p99 (50 clients)', value: list.latency.p99, unit: 'ms', budget: 20 },
      { name: 'conversation list throughput', value: list.requests.average, unit: 'req/s' },
      { name: 'message page p99 (50 clients)', value: page.latency.p99, unit: 'ms', budget: 20 },
      { name: 'message page throughput', value: page.requests.average, unit: 'req/s' },
      ...Object.entries(views).flatMap(([view, r]) => [
        { name: `inbox ${view} first page p99 (50 clients)`, value: r.latency.p99, unit: 'ms', budget: 30 },
        { name: `inbox ${view} throughput`, value: r.requests.average, unit: 'req/s' },
      ]),
      { name: 'inbox counts p99 (50 clients)', value: counts.latency.p99, unit: 'ms', budget: 10 },
      { name: 'inbox counts throughput', value: counts.requests.average, unit: 'req/s' },
      { name: 'inbox search by message text p99 (50 clients)', value: search.latency.p99, unit: 'ms' },
      { name: 'inbox search by shopper name p99 (50 clients)', value: nameSearch.latency.p99, unit: 'ms' },
      {
        name: 'non-2xx answers',
        value:
          list.non2xx +
          page.non2xx +
          ack.non2xx +
          counts.non2xx +
          search.non2xx +
          nameSearch.non2xx +
          Object.values(views).reduce((n, r) => n + r.non2xx, 0),
        unit: '',
        budget: 0,
      },
    ];
  } finally {
    await server.stop();
    await database.drop();
  }
}
