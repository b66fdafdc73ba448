import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox, sandboxDefaults } from '@balas/marketplace-sandbox';
import { freePort } from './standalone-sandbox.ts';

/** Server processes for the crash tests: started from the sources, killed with SIGKILL, restarted. */

export const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));

/** The options for node that `npm run worker` (package.json) starts a worker process with, source maps aside. */
export function workerNodeOptions(): string[] {
  const scripts = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts as Record<
    string,
    string
  >;
  return (scripts.worker ?? '')
    .split(/\s+/)
    .filter((a) => a.startsWith('--') && a !== '--enable-source-maps');
}

export interface ServerChild {
  name: string;
  proc: ChildProcess;
  output: string[];
  exited: boolean;
}

const running = new Set<ServerChild>();
// If the test process dies without its hooks running, the servers must not outlive it.
const killAll = () => {
  for (const c of running) if (!c.exited) c.proc.kill('SIGKILL');
};
let hooked = false;

/** Spawns `node --import tsx <script>` with only the given environment (and PATH). */
export function startServer(name: string, script: string, env: Record<string, string>): ServerChild {
  if (!hooked) {
    process.once('exit', killAll);
    hooked = true;
  }
  const proc = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const child: ServerChild = { name, proc, output: [], exited: false };
  const keep = (chunk: Buffer) => {
    child.output.push(...chunk.toString().split('\n').filter(Boolean));
    if (child.output.length > 300) child.output.splice(0, child.output.length - 300);
  };
  proc.stdout?.on('data', keep);
  proc.stderr?.on('data', keep);
  running.add(child);
  proc.once('exit', () => {
    child.exited = true;
    running.delete(child);
  });
  return child;
}

/** kill -9: no hook, no flush, no graceful anything. Resolves once the process is gone. */
export async function killHard(child: ServerChild) {
  if (child.exited) return;
  const exited = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  child.proc.kill('SIGKILL');
  await exited;
}

/** SIGTERM (the graceful shutdown), SIGKILL after 15 s. */
export async function stopServer(child: ServerChild) {
  if (child.exited) return;
  const exited = new Promise<void>((resolve) => child.proc.once('exit', () => resolve()));
  child.proc.kill('SIGTERM');
  const timer = setTimeout(() => child.proc.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** Waits until `ready` answers true; fails at once with the process's output if it exits. */
export async function waitUntilReady(child: ServerChild, ready: () => Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await ready().catch(() => false))) {
    if (child.exited || Date.now() > deadline) {
      throw new Error(
        `${child.name} did not start${child.exited ? ` (exited ${child.proc.exitCode})` : ''}:\n${child.output.slice(-40).join('\n')}`,
      );
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

export const healthy = (base: string) => async () => (await fetch(`${base}/api/health`)).ok;

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A JSON call to the API; throws with the status and body unless it is 2xx. */
export async function api<T>(
  base: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<T> {
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

const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

/**
 * Signs a merchant up (or, given `signedIn`, takes that merchant) and connects a demo Shopee shop of a
 * standalone sandbox; returns token and shop id.
 */
export async function merchantWithShopeeShop(
  base: string,
  sandboxUrl: string,
  demoShopId: string,
  signedIn?: string,
) {
  const token =
    signedIn ??
    (
      await api<{ accessToken: string }>(base, '/api/signup', {
        method: 'POST',
        body: {
          name: 'Aisyah',
          email: `chaos-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`,
          phone: '012-345 6789',
          password: 'correct horse',
          confirm: 'correct horse',
        },
      })
    ).accessToken;
  const created = await api<{ authUrl: string; id: string }>(base, '/api/shopee', {
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
  const approve = await fetch(`${sandboxUrl}/shopee/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      decision: 'approve',
      shop_id: demoShopId,
      redirect: hidden(page, 'redirect'),
    }),
    redirect: 'manual',
  });
  if (approve.status !== 302) throw new Error(`approve: ${approve.status}`);
  const callback = await fetch(String(approve.headers.get('location')), { redirect: 'manual' });
  if (callback.status !== 302 || String(callback.headers.get('location')).includes('error'))
    throw new Error(`shop connection failed: ${callback.status} ${callback.headers.get('location')}`);
  // The bot answers this shop's shoppers.
  await api(base, `/api/shopee/v1/${created.id}`, {
    method: 'PUT',
    token,
    body: { defaultBotStatus: true },
  });
  return { token, shopId: created.id };
}

/** A fresh PostgreSQL database next to `adminUrl`'s; `drop` removes it. */
export async function freshPostgresDatabase(adminUrl: string, prefix: string) {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${Math.random().toString(16).slice(2, 10)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * The server processes use a deployment's fixed queue and stream names, so they get an empty Redis
 * database of their own (1-15), claimed with a key so that a concurrent run picks another. `release`
 * removes only the keys the app writes, and the claim.
 */
export async function claimRedisDatabase(baseUrl: string, claimKey: string) {
  const { Redis } = await import('ioredis');
  const offset = Math.floor(Math.random() * 15);
  for (let i = 0; i < 15; i++) {
    const url = new URL(baseUrl);
    url.pathname = `/${((offset + i) % 15) + 1}`;
    const redis = new Redis(url.toString(), { maxRetriesPerRequest: 1 });
    const claimed =
      (await redis.dbsize()) === 0 && (await redis.set(claimKey, String(process.pid), 'EX', 900, 'NX'));
    if (!claimed) {
      redis.disconnect();
      continue;
    }
    return {
      url: url.toString(),
      async release() {
        for (const pattern of ['balas:*', 'sio:session:*']) {
          let cursor = '0';
          do {
            const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
            if (keys.length > 0) await redis.del(...keys);
            cursor = next;
          } while (cursor !== '0');
        }
        await redis.del(claimKey);
        redis.disconnect();
      },
    };
  }
  throw new Error('No empty Redis database (1-15) to run the processes in');
}

/**
 * A marketplace sandbox as a server of its own, pushing Shopee messages to the server at
 * `webhookBase` and retrying refused pushes after `pushRetryDelaysMs`; `env` points a server
 * process at it.
 */
export async function sandboxServer(webhookBase: string, pushRetryDelaysMs: number[]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const sandbox = await createSandbox({
    publicUrl: url,
    shopee: { ...sandboxDefaults.shopee, webhookUrl: `${webhookBase}/api/webhooks/shopee` },
    lazada: { ...sandboxDefaults.lazada },
    pushRetryDelaysMs,
  });
  await sandbox.app.listen({ port, host: '127.0.0.1' });
  return {
    sandbox,
    env: {
      SHOPEE_PARTNER_ID: String(sandboxDefaults.shopee.partnerId),
      SHOPEE_PARTNER_KEY: sandboxDefaults.shopee.partnerKey,
      SHOPEE_BASE_URL: `${url}/shopee`,
    },
    close: () => sandbox.app.close(),
  };
}

/** What every server process of one test shares: production mode, the public address, one key. */
export function productionEnv(publicUrl: string, dataDir: string, logLevel = 'info') {
  return {
    NODE_ENV: 'production',
    LOG_LEVEL: logLevel,
    HOST: '127.0.0.1',
    PUBLIC_URL: publicUrl,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
  };
}
