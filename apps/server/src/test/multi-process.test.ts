import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  channels,
  clientEvents,
  type InboxCounts,
  type InboxRow,
  type ShopeeConversationView,
  type ShopeeMessageView,
} from '@balas/contracts';
import type { Sandbox } from '@balas/marketplace-sandbox';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { eventually } from './marketplace-flow.ts';
import {
  api,
  claimRedisDatabase,
  freshPostgresDatabase,
  healthy,
  merchantWithShopeeShop,
  productionEnv,
  type ServerChild,
  sandboxServer,
  startServer,
  stopServer,
  waitUntilReady,
} from './processes.ts';
import { freePort } from './standalone-sandbox.ts';

/*
 * The distributed deployment of OPERATIONS.md, for real: two API processes (WORKERS=off) and one
 * worker process on PostgreSQL + Redis, with the marketplace sandbox as its own server. A shopper's
 * message is pushed to API process A; the worker turns it into events; a socket connected to API
 * process B receives them through the Redis streams adapter. Runs only when DATABASE_URL and
 * REDIS_URL are set (CI's second pass).
 */

const outer = loadConfig(process.env);
const SHOP = '947042987'; // a demo Shopee shop of the sandbox
const BUYER = '880033'; // a demo buyer with no conversation with that shop yet
const CLAIM_KEY = 'balas-test:multi-process:claim';

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
const children: ServerChild[] = [];
const sockets: Socket[] = [];

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
  let databaseUrl: string;

  beforeAll(async () => {
    const database = await freshPostgresDatabase(outer.databaseUrl!, 'balas_mp');
    cleanups.push(database.drop);
    databaseUrl = database.url;
    const redis = await claimRedisDatabase(outer.redisUrl!, CLAIM_KEY);
    cleanups.push(redis.release);
    const dataDir = mkdtempSync(join(tmpdir(), 'balas-mp-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const [portA, portB] = await Promise.all([freePort(), freePort()]);
    apiA = `http://127.0.0.1:${portA}`;
    apiB = `http://127.0.0.1:${portB}`;

    // The sandbox as its own server, pushing to the deployment's public address (here: process A).
    const platform = await sandboxServer(apiA, [250, 1000, 2000]);
    sandbox = platform.sandbox;
    cleanups.push(platform.close);

    // The same configuration on every process, as OPERATIONS.md asks.
    const shared = {
      ...productionEnv(apiA, dataDir),
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      ...platform.env,
    };
    const start = (name: string, script: string, env: Record<string, string>) => {
      const child = startServer(name, script, env);
      children.push(child);
      return child;
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
    await Promise.all([
      waitUntilReady(a, healthy(apiA), 90_000),
      waitUntilReady(b, healthy(apiB), 90_000),
      waitUntilReady(
        worker,
        async () => worker.output.some((line) => line.includes('"worker started"')),
        90_000,
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.all(children.map(stopServer));
    // In reverse: what was created last goes first; a failing step does not stop the others.
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
  }, 60_000);

  it('delivers a push taken by process A to a socket on process B, and only to the shop owner', async () => {
    // The merchant connects the demo shop on A, approving it on the sandbox's page.
    const { token, shopId } = await merchantWithShopeeShop(apiA, sandbox.state.config.publicUrl, SHOP);
    const strangerToken = await signUp(apiB);

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

  it('ends a session on every process: sign-out and reset on A disconnect sockets on B, whose REST forgets the token', async () => {
    const email = `mp-${randomBytes(4).toString('hex')}@example.com`;
    const body = {
      name: 'Aisyah',
      email,
      phone: '012-345 6789',
      password: 'correct horse',
      confirm: 'correct horse',
    };
    const { accessToken: first } = await api<{ accessToken: string }>(apiA, '/api/signup', {
      method: 'POST',
      body,
    });
    const signIn = () =>
      api<{ accessToken: string }>(apiA, '/api/signin', {
        method: 'POST',
        body: { email, password: 'correct horse' },
      }).then((d) => d.accessToken);
    const second = await signIn();
    const me = (token: string) =>
      fetch(`${apiB}/api/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    // Process B has the token in its cache now.
    expect(await me(first)).toBe(200);

    const disconnected = (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const signedOut = await openSocket(apiB, first);
    const stays = await openSocket(apiB, second);
    const signedOutGone = disconnected(signedOut);
    await api(apiA, '/api/signout', { token: first });
    expect(await signedOutGone).toBe('io server disconnect');
    // Well within B's 10-second cache: the sign-out reached it.
    await eventually(async () => expect(await me(first)).toBe(401), 3000);
    expect(stays.connected).toBe(true);
    expect(await me(second)).toBe(200);

    // A password reset on A ends every other session, on both processes.
    const onA = await openSocket(apiA, await signIn());
    const staysGone = disconnected(stays);
    const onAGone = disconnected(onA);
    await api(apiA, '/api/forgot_password', { method: 'POST', body: { email } });
    const { default: pg } = await import('pg');
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    const { rows } = await db.query<{ text: string }>('select text from outbox_emails where "to" = $1', [
      email,
    ]);
    await db.end();
    const resetToken = rows[0]!.text.match(/\/reset-password\/([\w-]+)/)![1]!;
    await api(apiA, '/api/reset_password', {
      method: 'POST',
      body: {
        token: resetToken,
        email,
        password: 'lantern-quiet-87',
        password_confirmation: 'lantern-quiet-87',
      },
    });
    expect(await staysGone).toBe('io server disconnect');
    expect(await onAGone).toBe('io server disconnect');
    await eventually(async () => expect(await me(second)).toBe(401), 3000);
  }, 60_000);

  it("ends every other session on every process at a password change on A, and keeps the changer's", async () => {
    const email = `mp-${randomBytes(4).toString('hex')}@example.com`;
    const { accessToken: changer } = await api<{ accessToken: string }>(apiA, '/api/signup', {
      method: 'POST',
      body: { name: 'Aisyah', email, password: 'correct horse', confirm: 'correct horse' },
    });
    const signIn = (base: string) =>
      api<{ accessToken: string }>(base, '/api/signin', {
        method: 'POST',
        body: { email, password: 'correct horse' },
      }).then((d) => d.accessToken);
    const onB = await signIn(apiB);
    const alsoOnA = await signIn(apiA);
    const me = (base: string, token: string) =>
      fetch(`${base}/api/me`, { headers: { authorization: `Bearer ${token}` } }).then((r) => r.status);
    // Both processes have the tokens in their caches now.
    for (const base of [apiA, apiB])
      for (const token of [onB, alsoOnA]) expect(await me(base, token)).toBe(200);

    const disconnected = (socket: Socket) =>
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const changerSocket = await openSocket(apiB, changer);
    const onBSocket = await openSocket(apiB, onB);
    const alsoOnASocket = await openSocket(apiA, alsoOnA);
    const onBGone = disconnected(onBSocket);
    const alsoOnAGone = disconnected(alsoOnASocket);

    const changed = await api<{ endedSessions: number }>(apiA, '/api/change_password', {
      method: 'POST',
      token: changer,
      body: {
        current_password: 'correct horse',
        password: 'lantern-quiet-87',
        password_confirmation: 'lantern-quiet-87',
      },
    });
    expect(changed.endedSessions).toBe(2);
    expect(await onBGone).toBe('io server disconnect');
    expect(await alsoOnAGone).toBe('io server disconnect');
    // Well within the 10-second token caches: the change reached both processes.
    await eventually(async () => {
      for (const base of [apiA, apiB])
        for (const token of [onB, alsoOnA]) expect(await me(base, token)).toBe(401);
    }, 3000);
    expect(changerSocket.connected).toBe(true);
    expect(await me(apiB, changer)).toBe(200);
    expect(await me(apiA, changer)).toBe(200);
  }, 60_000);
});
