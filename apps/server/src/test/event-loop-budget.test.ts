import { createHmac } from 'node:crypto';
import { Agent, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { messages } from '@balas/contracts';
import { sandboxDefaults } from '@balas/marketplace-sandbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeFiles, messages as storedMessages } from '../db/schema.ts';
import {
  chainedWhitespaceBombPdf,
  letterRunText,
  manyPagesPdf,
  plainText,
  whitespaceBombPdf,
} from './hostile-files.ts';
import { connectShop } from './marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from './test-app.ts';

// Issue 30: no input may hold the event loop. While each hostile input is processed, /api/health is
// asked 50 times a second over HTTP, open loop (a latency counts from when its request was due, so a
// blocked loop shows in full), and its p99 must stay within BUDGET_MS of an idle baseline taken just
// before, in the same process. The loop's own delay (monitorEventLoopDelay) is printed with both.
// This file runs after every other test file (its own Vitest project), so their load does not count
// against it; a case is tried again (RETRIES) when it misses, because a shared machine's own stalls
// (another process taking the cores) show in one run, while a blocking input fails every run.
// On PGlite the database runs on the server's thread: the 400,000-character pushes hold the budget
// because the client gives the loop a turn between statements (db/client.ts; before, storing and
// answering one was a single 40-145 ms block, /api/health p99 170-500 ms above idle).

const BUDGET_MS = 100;
const HEALTH_RATE = 50;
const IDLE_MS = 2000;
const RETRIES = 2;
const MB = 1024 * 1024;
const DEMO_SHOP = '947042987';
const PUBLIC_URL = 'http://localhost:3000';

let t: TestApp;
let url: string;
let headers: Record<string, string>;
let websiteShop: string;
const agent = new Agent({ keepAlive: true });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  ({ headers } = await signUp(t.app));
  websiteShop = await createWebsiteShop(t.app, headers);
  const shopee = await connectShop(t.app, headers, 'shopee', DEMO_SHOP);
  // The bot answers the pushed message: the engine reads all of it.
  const on = await t.app.inject({
    method: 'PUT',
    url: `/api/shopee/v1/${shopee.id}`,
    headers,
    payload: { defaultBotStatus: true },
  });
  expect(on.statusCode).toBe(200);
  await t.ctx.queue.idle();
  // Warm-up: routes compiled, the ingestion thread started, the bot's modules loaded.
  await ingest('warm-up.txt', Buffer.from('Warm-up paragraph.'))();
  await push('Hello, is this in stock?')();
  await healthWhile(new Promise((r) => setTimeout(r, 1000)));
}, 120_000);
afterAll(async () => {
  agent.destroy();
  await t?.close();
});

interface Health {
  p99: number;
  max: number;
  requests: number;
  failed: number;
  loopP99: number;
  loopMax: number;
}

const ms = (ns: number) => ns / 1e6;

function health(): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/health`, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.end();
  });
}

/** /api/health, HEALTH_RATE a second, for as long as `work` runs (at least a second). */
async function healthWhile(work: Promise<unknown>): Promise<Health> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  let done = false;
  const settled = work.then(
    () => {
      done = true;
    },
    (error: unknown) => {
      done = true;
      throw error;
    },
  );
  settled.catch(() => {});
  const latencies: number[] = [];
  const answers: Promise<void>[] = [];
  let failed = 0;
  const started = performance.now();
  for (let i = 0; !done || i < HEALTH_RATE; i++) {
    const due = started + (i * 1000) / HEALTH_RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    answers.push(
      health().then((ok) => {
        latencies.push(performance.now() - due);
        if (!ok) failed++;
      }),
    );
  }
  await settled;
  await Promise.all(answers);
  loop.disable();
  latencies.sort((a, b) => a - b);
  return {
    p99: latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * 0.99))]!,
    max: latencies.at(-1)!,
    requests: latencies.length,
    failed,
    loopP99: ms(loop.percentile(99)),
    loopMax: ms(loop.max),
  };
}

function report(input: string, h: Health) {
  const f = (n: number) => n.toFixed(1);
  // console.log is allowed by the test setup (console.error fails a test).
  console.log(
    `event loop, ${input}: /api/health p99 ${f(h.p99)} ms, max ${f(h.max)} ms (${h.requests} requests, ${h.failed} failed); loop delay p99 ${f(h.loopP99)} ms, max ${f(h.loopMax)} ms`,
  );
}

/** A multipart upload of one file, built before it is timed (as a browser would have it ready). */
function uploadBody(name: string, data: Buffer) {
  const boundary = `----balas${Math.random().toString(16).slice(2)}`;
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    payload: Buffer.concat([
      Buffer.from(field('shopId', websiteShop) + field('chunkSize', '500')),
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** Uploads a file, then waits until it is Ready or Failed; answers its row. */
function ingest(name: string, data: Buffer) {
  const body = uploadBody(name, data);
  return async () => {
    const res = await fetch(`${url}/api/shopee/v1/lang_chain_push/loader`, {
      method: 'POST',
      headers: { ...headers, 'content-type': body.contentType },
      body: body.payload,
    });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { data: { id: string }[] }).data[0]!.id;
    for (;;) {
      const [file] = await t.ctx.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, id));
      if (file && file.status !== 'processing') return file;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

let pushes = 0;
/** A Shopee push of a shopper's message, signed; sending it waits until it is stored and answered. */
function push(text: string) {
  pushes++;
  const messageId = `${2302748948493100000n + BigInt(pushes)}`;
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
        from_id: 880044,
        from_user_name: 'Siti',
        to_id: Number(DEMO_SHOP),
        to_shop_id: Number(DEMO_SHOP),
        message_type: 'text',
        content: { text },
        created_timestamp: at,
      },
    },
  })
    // Platform ids are 64-bit numbers, written bare.
    .replace('"message_id":0', `"message_id":${messageId}`)
    .replace('"conversation_id":0', `"conversation_id":${709122092476686867000n + BigInt(pushes)}`);
  const signature = createHmac('sha256', sandboxDefaults.shopee.partnerKey)
    .update(`${PUBLIC_URL}/api/webhooks/shopee|${body}`)
    .digest('hex');
  return async () => {
    const res = await fetch(`${url}/api/webhooks/shopee`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: signature },
      body,
    });
    expect(res.status).toBe(200);
    for (;;) {
      await t.ctx.queue.idle();
      const [stored] = await t.ctx.database.db
        .select({ id: storedMessages.id })
        .from(storedMessages)
        .where(eq(storedMessages.externalId, messageId));
      if (stored) return stored;
      await new Promise((r) => setTimeout(r, 100));
    }
  };
}

const failed = (error: string) => ({ status: 'failed', error });
/** Each input: `prepare` builds it (untimed) and answers what processes it. */
const inputs: {
  name: string;
  prepare: () => () => Promise<unknown>;
  ends?: object;
}[] = [
  {
    name: 'a 3 MB text of one letter',
    prepare: () => ingest('letters.txt', letterRunText(3 * MB - 1024)),
    ends: { status: 'ready' },
  },
  {
    name: 'a plain 3 MB text',
    prepare: () => ingest('plain.txt', plainText(3 * MB - 1024)),
    ends: { status: 'ready' },
  },
  {
    name: 'a 400,000-character push of one letter',
    prepare: () => push('a'.repeat(400_000)),
  },
  {
    name: 'a 400,000-character push of words',
    prepare: () => push(plainText(400_000).toString().slice(0, 400_000)),
  },
  {
    name: 'a PDF of 30,000 pages whose page tree says 1,500',
    prepare: () => ingest('pages.pdf', manyPagesPdf(30_000, { count: 1500 })),
    ends: failed(messages.knowledge.failed.tooManyPages(2000)),
  },
  {
    name: 'a PDF compressed twice (/FlateDecode /FlateDecode)',
    prepare: () => ingest('chained.pdf', chainedWhitespaceBombPdf(2.8 * 1024 ** 3)),
    ends: failed(messages.knowledge.failed.pdfUnpacksTooLarge(256)),
  },
  {
    name: 'a PDF whose stream follows a lone CR',
    prepare: () => ingest('cr.pdf', whitespaceBombPdf(2.8 * 1024 ** 3, { streamEol: '\r' })),
    ends: failed(messages.knowledge.failed.pdfUnpacksTooLarge(256)),
  },
];

describe(`the event loop while hostile input is processed (health p99 within ${BUDGET_MS} ms of idle)`, () => {
  for (const input of inputs) {
    it(input.name, { timeout: 180_000, retry: RETRIES }, async () => {
      const idle = await healthWhile(new Promise((r) => setTimeout(r, IDLE_MS)));
      report(`idle, before ${input.name}`, idle);
      const run = input.prepare();
      let outcome: unknown;
      const under = await healthWhile(
        run().then((result) => {
          outcome = result;
        }),
      );
      report(input.name, under);
      if (input.ends) expect(outcome).toMatchObject(input.ends);
      expect(under.failed).toBe(0);
      expect(under.p99 - idle.p99).toBeLessThan(BUDGET_MS);
    });
  }
});
