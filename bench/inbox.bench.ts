import autocannon from 'autocannon';
import pg from 'pg';
import { type Figure, signUpBench, startBenchApp } from './support.ts';

const CONVERSATIONS = 10_000;
const MESSAGES_PER_CONVERSATION = 100;

/** Inbox reads on PostgreSQL with 10,000 conversations and 1,000,000 messages, 50 concurrent clients. */
export async function benchInbox(): Promise<Figure[]> {
  const bench = await startBenchApp();
  try {
    const headers = await signUpBench(bench.app);
    const shop = await bench.app.inject({
      method: 'POST',
      url: '/api/website',
      headers,
      payload: {
        name: 'Bench shop',
        person_name: 'B',
        person_email: 'b@example.com',
        person_phone: '012-345 6789',
      },
    });
    const shopId = shop.json().data.id as string;
    const started = Date.now();
    const client = new pg.Client({ connectionString: bench.databaseUrl });
    await client.connect();
    await client.query(
      `insert into conversations (shop_id, external_id, customer_id, customer_name, latest_text, latest_at)
       select $1, (7000000000000000000 + g)::text, 'buyer' || g, 'Customer ' || g, 'latest ' || g,
              now() - (g || ' minutes')::interval
       from generate_series(1, $2) g`,
      [shopId, CONVERSATIONS],
    );
    await client.query(
      `insert into messages (shop_id, conversation_id, external_id, sender, type, content, text, sent_at)
       select c.shop_id, c.id, c.external_id || '-' || m, case when m % 2 = 0 then 'customer' else 'bot' end, 'text',
              jsonb_build_object('text', 'message ' || m), 'message ' || m, c.latest_at - (m || ' seconds')::interval
       from conversations c, generate_series(1, $2) m where c.shop_id = $1`,
      [shopId, MESSAGES_PER_CONVERSATION],
    );
    await client.query('analyze conversations; analyze messages');
    await client.end();
    console.log(
      `  seeded ${CONVERSATIONS} conversations and ${CONVERSATIONS * MESSAGES_PER_CONVERSATION} messages in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const list = await autocannon({
      url: `${bench.url}/api/shopee/v1/${shopId}?direction=older&type=all&page_size=20`,
      connections: 50,
      duration: 10,
      headers,
    });
    let n = 0;
    const page = await autocannon({
      url: bench.url,
      connections: 50,
      duration: 10,
      headers,
      requests: [
        {
          setupRequest: (req) => ({
            ...req,
            path: `/api/shopee/v1/${shopId}/${7000000000000000000n + BigInt((n++ % CONVERSATIONS) + 1)}?page_size=25`,
          }),
        },
      ],
    });
    return [
      { name: 'conversation list p99 (50 clients)', value: list.latency.p99, unit: 'ms', budget: 20 },
      { name: 'conversation list throughput', value: list.requests.average, unit: 'req/s' },
      { name: 'message page p99 (50 clients)', value: page.latency.p99, unit: 'ms', budget: 20 },
      { name: 'message page throughput', value: page.requests.average, unit: 'req/s' },
      { name: 'non-2xx answers', value: list.non2xx + page.non2xx, unit: '', budget: 0 },
    ];
  } finally {
    await bench.close();
  }
}
