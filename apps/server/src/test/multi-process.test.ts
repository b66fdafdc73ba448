import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  channels,
  clientEvents,
  type InboxCounts,
  type InboxRow,
  type ShopeeConversationView,
  type ShopeeMessageView,
} from '@balas/contracts';
import { createSandbox, type Sandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { Redis } from 'ioredis';
import pg from 'pg';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { eventually } from './marketplace-flow.ts';
import { freePort } from './standalone-sandbox.ts';

/*
 * The distributed deployment of OPERATIONS.md, for real: two API processes (WORKERS=off) and one
 * worker process on PostgreSQL + Redis, with the marketplace sandbox as its own server. A shopper's
 * message is pushed to API process A; the worker turns it into events; a socket connected to API
 * process B receives them through the Redis streams adapter. Runs only when DATABASE_URL and
 * REDIS_URL are set (CI's second pass).
 */

const outer = loadConfig(process.env);
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const SHOP = '947042987'; // a demo Shopee shop of the sandbox
const BUYER = '880033'; // a demo buyer with no conversation with that shop yet
const CLAIM_KEY = 'balas-test:multi-process:claim';

interface Child {
  name: string;
  proc: ChildProcess;
  output: string[];
  exited: boolean;
}

interface ConversationEvent {
  shopId: string;
  conversation: ShopeeConversationView;
}
interface MessageEvent {
  conversationId: string;
  shopId: string;
  message: ShopeeMessageView;
}

const cleanups: (() => Promise<void>)[] = [];
const children: Child[] = [];
const sockets: Socket[] = [];

// If the test process dies without its hooks running, the servers must not outlive it.
const killAll = () => {
  for (const c of children) if (!c.exited) c.proc.kill('SIGKILL');
};

/** A fresh PostgreSQL database for this run, dropped afterwards. */
async function createDatabase(adminUrl: string): Promise<string> {
  const name = `balas_mp_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The server processes use the fixed queue and stream names of a deployment (there is no variable
 * for a prefix), so they run in a Redis database of their own: an empty one, claimed with a key so
 * that a concurrent run picks another. Only the keys the app writes are removed afterwards.
 */
async function claimRedisDatabase(baseUrl: string): Promise<string> {
  const offset = randomInt(15);
  for (let i = 0; i < 15; i++) {
    const index = ((offset + i) % 15) + 1;
    const url = new URL(baseUrl);
    url.pathname = `/${index}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
    const claimed =
      (await redis.dbsize()) === 0 && (await redis.set(CLAIM_KEY, String(process.pid), 'EX', 900, 'NX'));
    if (!claimed) {
      redis.disconnect();
      continue;
    }
    cleanups.push(async () => {
      for (const pattern of ['balas:*', 'sio:session:*']) {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
          if (keys.length > 0) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }
      await redis.del(CLAIM_KEY);
      redis.disconnect();
    });
    return url.toString();
  }
  throw new Error('No empty Redis database (1-15) to run the processes in');
}

function start(name: string, script: string, env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    // Only what the test sets: nothing of the outer environment (ports, URLs, credentials) leaks in.
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: Child = { name, proc, output: [], exited: false };
  const keep = (chunk: Buffer) => {
    child.output.push(...chunk.toString().split('\n').filter(Boolean));
    if (child.output.length > 300) child.output.splice(0, child.output.length - 300);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  proc.once('exit', () => {
    child.exited = true;
  });
  children.push(child);
  return child;
}

async function stop(child: Child) {
  if (child.exited) return;
  const exited = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until `ready` answers true; fails at once with the process's output if it exits. */
async function waitFor(child: Child, ready: () => Promise<boolean>, ms = 90_000) {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (child.exited || Date.now() > deadline) {
      throw new Error(
        `${child.name} did not start${child.exited ? ` (exited ${child.proc.exitCode})` : ''}:\n${child.output.slice(-40).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

async function api<T>(base: string, path: string, init: { method?: string; token?: string; body?: unknown }) {
  const res = await fetch(`${base}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${text}`);
  return (JSON.parse(text) as { data: T }).data;
}

const signUp = (base: string) =>
  api<{ accessToken: string }>(base, '/api/signup', {
    method: 'POST',
    body: {
      name: 'Aisyah',
      email: `mp-${randomBytes(4).toString('hex')}@example.com`,
      phone: '012-345 6789',
      password: 'correct horse',
      confirm: 'correct horse',
    },
  }).then((d) => d.accessToken);

function openSocket(base: string, token: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(base, { auth: { token }, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const subscribe = (socket: Socket, channel: string) =>
  new Promise<boolean>((resolve) =>
    socket.emit(clientEvents.subscribe, channel, (r: { ok: boolean }) => resolve(r.ok)),
  );

/** Every event a socket receives, kept from the moment it connects (no race with the listener). */
function record(socket: Socket) {
  const seen = {
    conversations: [] as ConversationEvent[],
    messages: [] as MessageEvent[],
    rows: [] as InboxRow[],
    counts: [] as InboxCounts[],
  };
  socket.on('shop.conversation', (e: ConversationEvent) => seen.conversations.push(e));
  socket.on('conversation.message', (e: MessageEvent) => seen.messages.push(e));
  // The merchant's room is joined on connect: inbox rows and counts need no subscription.
  socket.on('inbox.updated', (e: { row: InboxRow }) => seen.rows.push(e.row));
  socket.on('inbox.counts', (e: InboxCounts) => seen.counts.push(e));
  return seen;
}

describe.skipIf(!outer.databaseUrl || !outer.redisUrl)('two API processes and a worker', () => {
  let apiA: string;
  let apiB: string;
  let sandbox: Sandbox;

  beforeAll(async () => {
    process.once('exit', killAll);
    cleanups.push(async () => {
      process.off('exit', killAll);
    });
    const databaseUrl = await createDatabase(outer.databaseUrl!);
    const redisUrl = await claimRedisDatabase(outer.redisUrl!);
    const dataDir = mkdtempSync(join(tmpdir(), 'balas-mp-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const [portA, portB, portSandbox] = await Promise.all([freePort(), freePort(), freePort()]);
    apiA = `http://127.0.0.1:${portA}`;
    apiB = `http://127.0.0.1:${portB}`;

    // The sandbox as its own server, pushing to the deployment's public address (here: process A).
    const sandboxUrl = `http://127.0.0.1:${portSandbox}`;
    sandbox = await createSandbox({
      publicUrl: sandboxUrl,
      shopee: { ...sandboxDefaults.shopee, webhookUrl: `${apiA}/api/webhooks/shopee` },
      lazada: { ...sandboxDefaults.lazada },
      pushRetryDelaysMs: [250, 1000, 2000],
    });
    await sandbox.app.listen({ port: portSandbox, host: '127.0.0.1' });
    cleanups.push(() => sandbox.app.close());

    // The same configuration on every process, as OPERATIONS.md asks.
    const shared = {
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PUBLIC_URL: apiA,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      SECRET_KEY: randomBytes(32).toString('hex'),
      SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
      SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
      SHOPEE_BASE_URL: `${sandboxUrl}/shopee`,
    };
    const a = start('API process A', 'apps/server/src/main.ts', {
      ...shared,
      PORT: String(portA),
      WORKERS: 'off',
    });
    const b = start('API process B', 'apps/server/src/main.ts', {
      ...shared,
      PORT: String(portB),
      WORKERS: 'off',
    });
    const worker = start('worker', 'apps/server/src/worker-main.ts', shared);
    const healthy = (base: string) => async () => (await fetch(`${base}/api/health`)).ok;
    await Promise.all([
      waitFor(a, healthy(apiA)),
      waitFor(b, healthy(apiB)),
      waitFor(worker, async () => worker.output.some((line) => line.includes('"worker started"'))),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(children.map(stop));
    // In reverse: what was created last goes first; a failing step does not stop the others.
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  it('delivers a push taken by process A to a socket on process B, and only to the shop owner', async () => {
    const token = await signUp(apiA);
    const strangerToken = await signUp(apiB);

    // Connect the demo shop as a merchant does: create it on A, approve it on the sandbox's page.
    const created = await api<{ authUrl: string; id: string }>(apiA, '/api/shopee', {
      method: 'POST',
      token,
      body: {
        name: 'My Shopee shop',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
        redirect: 'http://localhost:3000/dashboard/addshop/complete',
      },
    });
    const page = await (await fetch(created.authUrl)).text();
    const approve = await fetch(`${sandbox.state.config.publicUrl}/shopee/authorize`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ decision: 'approve', shop_id: SHOP, redirect: hidden(page, 'redirect') }),
      redirect: 'manual',
    });
    expect(approve.status).toBe(302);
    const callback = await fetch(String(approve.headers.get('location')), { redirect: 'manual' });
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).not.toContain('error');
    const shopId = created.id;

    const owner = await openSocket(apiB, token);
    const ownerSaw = record(owner);
    const stranger = await openSocket(apiB, strangerToken);
    const strangerSaw = record(stranger);
    expect(await subscribe(owner, channels.shop(shopId))).toBe(true);
    expect(await subscribe(stranger, channels.shop(shopId))).toBe(false);

    // A shopper writes; the sandbox signs the push and delivers it to process A.
    const first = await sandbox.shopperSend({
      platform: 'shopee',
      shopId: SHOP,
      buyerId: BUYER,
      text: 'Hi, do you ship to Penang?',
    });
    expect(first.push).toBe('delivered');
    const conversation = await eventually(async () => {
      const e = ownerSaw.conversations.find((c) => c.conversation.conversation_id === first.conversationId);
      if (!e) throw new Error('no receive-conversation on process B yet');
      return e;
    }, 30_000);
    expect(conversation).toMatchObject({
      shopId,
      conversation: { conversation_id: first.conversationId, to_id: BUYER },
    });

    // Now that the conversation exists, its message channel: the owner may join it, the stranger not.
    expect(await subscribe(owner, channels.conversation(shopId, first.conversationId))).toBe(true);
    expect(await subscribe(stranger, channels.conversation(shopId, first.conversationId))).toBe(false);

    const second = await sandbox.shopperSend({
      platform: 'shopee',
      shopId: SHOP,
      buyerId: BUYER,
      text: 'And how long does it take?',
    });
    expect(second.push).toBe('delivered');
    const message = await eventually(async () => {
      const e = ownerSaw.messages.find((m) => m.message.message_id === second.messageId);
      if (!e) throw new Error('no receive-message on process B yet');
      return e;
    }, 30_000);
    expect(message).toMatchObject({
      conversationId: first.conversationId,
      shopId,
      message: { source: 'buyer', content: { text: 'And how long does it take?' } },
    });

    // The one inbox, live across processes: the row and the counts reach process B's socket.
    const row = await eventually(async () => {
      const r = ownerSaw.rows.find((x) => x.externalId === first.conversationId);
      if (!r) throw new Error('no inbox.updated on process B yet');
      return r;
    }, 30_000);
    expect(row).toMatchObject({ shopId, channel: 'shopee', shopperName: expect.any(String) });
    await eventually(async () => {
      const counts = ownerSaw.counts.at(-1);
      expect(counts?.shops.find((x) => x.shopId === shopId)?.unread).toBeGreaterThan(0);
    }, 30_000);
    // A state change made on process A reaches the socket on process B.
    const resolved = await api<InboxRow>(apiA, `/api/inbox/conversations/${row.id}/resolve`, {
      method: 'POST',
      token,
    });
    expect(resolved.state).toBe('resolved');
    await eventually(async () => {
      expect(ownerSaw.rows.some((r) => r.id === row.id && r.state === 'resolved')).toBe(true);
    }, 30_000);

    expect(strangerSaw.conversations).toEqual([]);
    expect(strangerSaw.messages).toEqual([]);
    expect(strangerSaw.rows).toEqual([]);
    expect(strangerSaw.counts.flatMap((c) => c.shops).some((x) => x.shopId === shopId)).toBe(false);
  }, 90_000);
});
