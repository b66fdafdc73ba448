import { createHmac } from 'node:crypto';
import { sandboxDefaults } from '@balas/marketplace-sandbox';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answersDue, knowledgeFiles, messages } from '../db/schema.ts';
import { plainText } from '../test/hostile-files.ts';
import { connectShop } from '../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';

// Issue 29.2: bulk work never starves replies. Shopper messages arrive at a steady rate, open loop
// (a latency counts from when its push was due), first with the queue idle, then while another
// merchant's import of BULK_FILES knowledge files runs; the reply p99 under the import must stay
// within 2x of the idle p99 measured just before, in the same process. The bulk files are
// enqueued before the messages, so a queue that runs jobs in arrival order (the queue before lanes:
// 4 slots, all taken by ingestion) makes replies wait for the import and fails every round; a
// shared machine's own stalls fail one round, so a round that misses is tried again (ROUNDS).
// Runs on PGlite and the in-process queue, and on PostgreSQL + BullMQ when DATABASE_URL/REDIS_URL
// are set.

const RATE = 2;
const MESSAGES = 24;
const BULK_FILES = 20;
const BULK_FILE_BYTES = 400_000;
/** Rounds measured under an import (a round whose import finished first does not count). */
const ROUNDS = 3;
/** The most files one round imports: a faster database gets twice the files until this. */
const MAX_BULK_FILES = 640;
const LIMIT = 2;
const DEMO_SHOP = '947042987';
const PUBLIC_URL = 'http://localhost:3000';
const KNOWLEDGE = '/api/shopee/v1/lang_chain_push/loader';
const FAQ = [
  'Delivery: parcels to Penang, Johor and Kuala Lumpur arrive in 2 to 3 working days.',
  'Returns: unused items can be returned within 7 days of delivery for a full refund.',
  'Opening hours: our team answers chats from 9am to 6pm, Monday to Saturday.',
].join('\n');
const QUESTIONS = [
  'How long does delivery to Penang take?',
  'Can I return an unused item?',
  'What are your opening hours?',
  'Berapa lama pos ke Johor?',
];

let t: TestApp;
let shopper: Record<string, string>;
let importer: Record<string, string>;
let importShop: string;
let shopeeShop: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function upload(
  headers: Record<string, string>,
  shopId: string,
  files: { name: string; data: Buffer }[],
) {
  const boundary = `----balas${Math.random().toString(16).slice(2)}`;
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const parts: Buffer[] = [Buffer.from(field('shopId', shopId))];
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${file.name}"\r\nContent-Type: text/plain\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: KNOWLEDGE,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat(parts),
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { id: string }[] }).data.map((f) => f.id);
}

async function processing(ids: string[]) {
  const rows = await t.ctx.database.db
    .select({ id: knowledgeFiles.id })
    .from(knowledgeFiles)
    .where(and(inArray(knowledgeFiles.id, ids), eq(knowledgeFiles.status, 'processing')));
  return rows.length;
}

async function untilProcessed(ids: string[], timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while ((await processing(ids)) > 0) {
    if (Date.now() > deadline) throw new Error('the knowledge files were not processed in time');
    await sleep(200);
  }
}

let pushes = 0;
/** A signed Shopee push of a new shopper's message; answers the message's external id. */
async function push(text: string) {
  pushes++;
  const messageId = `${2302748948493200000n + BigInt(pushes)}`;
  const at = 1_800_000_000 + pushes;
  const body = JSON.stringify({
    msg_id: '',
    code: 10,
    shop_id: Number(DEMO_SHOP),
    timestamp: at,
    data: {
      type: 'message',
      region: 'MY',
      content: {
        message_id: 0,
        conversation_id: 0,
        shop_id: Number(DEMO_SHOP),
        from_id: 990000 + pushes,
        from_user_name: `Shopper ${pushes}`,
        to_id: Number(DEMO_SHOP),
        to_shop_id: Number(DEMO_SHOP),
        message_type: 'text',
        content: { text },
        created_timestamp: at,
      },
    },
  })
    .replace('"message_id":0', `"message_id":${messageId}`)
    .replace('"conversation_id":0', `"conversation_id":${709122092476687867000n + BigInt(pushes)}`);
  const signature = createHmac('sha256', sandboxDefaults.shopee.partnerKey)
    .update(`${PUBLIC_URL}/api/webhooks/shopee|${body}`)
    .digest('hex');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/webhooks/shopee',
    headers: { 'content-type': 'application/json', authorization: signature },
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return messageId;
}

/**
 * MESSAGES shopper messages at RATE a second; each one's latency runs from when its push was due to
 * when the bot's decision on it is done (stored, and its answer no longer due: replied or handed over).
 */
async function replyLatencies(): Promise<number[]> {
  const dueAt = new Map<string, number>();
  const latencies: number[] = [];
  let sending = true;
  const started = performance.now();
  const sends = (async () => {
    const sent: Promise<void>[] = [];
    for (let i = 0; i < MESSAGES; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      sent.push(
        push(QUESTIONS[i % QUESTIONS.length]!).then((id) => {
          dueAt.set(id, due);
        }),
      );
    }
    await Promise.all(sent);
    sending = false;
  })();
  const deadline = Date.now() + 120_000;
  while (sending || dueAt.size > 0) {
    if (Date.now() > deadline) throw new Error(`${dueAt.size} replies did not come in time`);
    await sleep(20);
    if (dueAt.size === 0) continue;
    const done = await t.ctx.database.db
      .select({ externalId: messages.externalId })
      .from(messages)
      .leftJoin(answersDue, eq(answersDue.messageId, messages.id))
      .where(and(inArray(messages.externalId, [...dueAt.keys()]), isNull(answersDue.messageId)));
    const now = performance.now();
    for (const { externalId } of done) {
      const due = dueAt.get(externalId!);
      if (due === undefined) continue;
      latencies.push(now - due);
      dueAt.delete(externalId!);
    }
  }
  await sends;
  return latencies.sort((a, b) => a - b);
}

const p99 = (sorted: number[]) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))]!;
const p50 = (sorted: number[]) => sorted[Math.floor(sorted.length / 2)]!;

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  ({ headers: shopper } = await signUp(t.app));
  const shopee = await connectShop(t.app, shopper, 'shopee', DEMO_SHOP);
  shopeeShop = shopee.id;
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopeeShop}`,
    headers: shopper,
    payload: { defaultBotStatus: true },
  });
  expect(on.statusCode).toBe(200);
  await untilProcessed(
    await upload(shopper, shopeeShop, [{ name: 'faq.txt', data: Buffer.from(FAQ) }]),
    30_000,
  );
  // The import is another merchant's: one merchant's bulk work must not slow everyone's replies.
  ({ headers: importer } = await signUp(t.app));
  importShop = await createWebsiteShop(t.app, importer);
  // Warm-up: the bot's modules, the shop's retrieval index, the ingestion thread.
  await untilProcessed(
    await upload(importer, importShop, [{ name: 'w.txt', data: plainText(20_000) }]),
    30_000,
  );
  await replyLatencies();
  await t.ctx.queue.idle(30_000);
}, 180_000);
afterAll(async () => {
  await t?.close();
});

describe('lanes: bulk work never starves replies', () => {
  it(`keeps reply p99 within ${LIMIT}x of an idle run while ${BULK_FILES} knowledge files are imported`, async () => {
    const files = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        name: `catalogue-${i}.txt`,
        data: Buffer.concat([Buffer.from(`Catalogue ${i}.\n\n`), plainText(BULK_FILE_BYTES)]),
      }));
    const ratios: number[] = [];
    let count = BULK_FILES;
    let passed = false;
    for (let round = 1; ratios.length < ROUNDS && !passed; round++) {
      const idle = await replyLatencies();
      const ids: string[] = [];
      const batch = files(count);
      for (let i = 0; i < batch.length; i += 10)
        ids.push(...(await upload(importer, importShop, batch.slice(i, i + 10))));
      const loaded = await replyLatencies();
      // The import ran through the whole loaded run, else it measured nothing.
      const left = await processing(ids);
      await untilProcessed(ids, 300_000);
      await t.ctx.queue.idle(60_000);
      const ratio = p99(loaded) / p99(idle);
      // console.log is allowed by the test setup (console.error fails a test).
      console.log(
        `lanes round ${round}: reply p50/p99 idle ${p50(idle).toFixed(0)}/${p99(idle).toFixed(0)} ms, under import ${p50(loaded).toFixed(0)}/${p99(loaded).toFixed(0)} ms (${ratio.toFixed(2)}x); ${left} of ${count} files still processing when the last reply came`,
      );
      expect(idle).toHaveLength(MESSAGES);
      expect(loaded).toHaveLength(MESSAGES);
      // A round counts only if the import ran through the whole loaded run: one that finished
      // first (a faster database) is run again with twice the files.
      if (left === 0) {
        if (count >= MAX_BULK_FILES) break;
        count *= 2;
        continue;
      }
      ratios.push(ratio);
      passed = ratio <= LIMIT;
    }
    expect(ratios.length, 'every import finished before the replies').toBeGreaterThan(0);
    expect(Math.min(...ratios)).toBeLessThanOrEqual(LIMIT);
  }, 900_000);
});
