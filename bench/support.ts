import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type AppContext, closeContext, createContext } from '../apps/server/src/context.ts';
import { registerJobs } from '../apps/server/src/jobs.ts';
import { freePort } from '../e2e/support/server.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export interface Figure {
  name: string;
  value: number;
  unit: string;
  budget?: number;
  /** 'max': the value must stay at or below the budget; 'min': at or above. */
  kind?: 'max' | 'min';
}

export function report(figures: Figure[]) {
  for (const f of figures) {
    const budget =
      f.budget === undefined
        ? ''
        : `  budget ${f.kind === 'min' ? '>=' : '<='} ${f.budget} ${f.unit}  ratio ${f.budget === 0 ? '-' : (f.value / f.budget).toFixed(2)}  ${
            (f.kind === 'min' ? f.value >= f.budget : f.value <= f.budget) ? 'OK' : 'OVER BUDGET'
          }`;
    console.log(`  ${f.name.padEnd(48)} ${f.value.toFixed(2).padStart(10)} ${f.unit}${budget}`);
  }
}

/** Where a bench keeps its data: a fresh PostgreSQL database, or PGlite persisted under `dataDir`. */
export interface BenchDatabase {
  /** Undefined: PGlite under `dataDir`. */
  url: string | undefined;
  dataDir: string;
  /** Drops the database and removes the data directory. */
  drop(): Promise<void>;
}

/** True when the bench runs against PostgreSQL (DATABASE_URL set), false for PGlite. */
export const benchOnPostgres = () => loadConfig(process.env).databaseUrl !== undefined;

/** A fresh, empty database: on the PostgreSQL server of DATABASE_URL (or the local one) unless `postgres` is false. */
export async function createBenchDatabase(postgres = true): Promise<BenchDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-bench-'));
  const removeDir = async () => rmSync(dataDir, { recursive: true, force: true });
  if (!postgres) return { url: undefined, dataDir, drop: removeDir };
  const admin = loadConfig(process.env).databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `balas_bench_${randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dataDir,
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
      await removeDir();
    },
  };
}

/**
 * A fresh product in this process: on its own PostgreSQL database by default, on in-memory PGlite
 * with `postgres: false`, or on a given `database` (kept when closing, PGlite persisted to disk).
 */
export async function startBenchApp(
  options: {
    postgres?: boolean;
    database?: BenchDatabase;
    env?: Record<string, string>;
    /** Listen on this port (e.g. the one PUBLIC_URL names, so signed pushes verify); any free one otherwise. */
    port?: number;
  } = {},
) {
  const database = options.database ?? (await createBenchDatabase(options.postgres !== false));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: database.dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: database.url,
    PUBLIC_URL: 'http://127.0.0.1:3999',
    ...options.env,
  });
  const ctx: AppContext = await createContext(config, {
    inMemoryDatabase: !database.url && !options.database,
  });
  const app: FastifyInstance = await buildApp(ctx);
  await registerJobs(ctx, app.services, { schedule: false });
  await ctx.queue.startWorker();
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    ctx,
    url,
    databaseUrl: database.url,
    async close() {
      await app.close();
      await closeContext(ctx);
      if (!options.database) await database.drop();
    },
  };
}

export interface ServerProcess {
  url: string;
  /** The server's own process (node itself, no wrapper): its memory is in /proc/<pid>/status. */
  pid: number;
  /** What it wrote to stdout and stderr so far. */
  logs: string[];
  stop(): Promise<void>;
}

/** BENCH_PRODUCT_ENV="K=V K2=V2": settings given to every product process a bench starts. */
const productEnv = () =>
  Object.fromEntries(
    (process.env.BENCH_PRODUCT_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/**
 * Spawns `script` of the built server (apps/server/dist) as production does and collects its output;
 * `execArgv`: more options for node (a bench's probe). BENCH_SERVER_DIST runs another build (a folder
 * beside `dist` under apps/server, e.g. the previous commit's, to alternate old and new in one
 * session; its worker threads still start from `dist`, which must exist); BENCH_NODE_FLAGS adds Node
 * flags to each process (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), and BENCH_PRODUCT_ENV settings.
 */
export function spawnProduct(script: string, env: Record<string, string>, execArgv: string[] = []) {
  const logs: string[] = [];
  const dist = process.env.BENCH_SERVER_DIST ?? 'dist';
  const flags = process.env.BENCH_NODE_FLAGS?.split(' ').filter(Boolean) ?? [];
  const args = ['--enable-source-maps', ...flags, ...execArgv, `apps/server/${dist}/${script}`];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      ...productEnv(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => logs.push(String(d)));
  child.stderr.on('data', (d) => logs.push(String(d)));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return { child, logs, stop };
}

/**
 * The real product (the built `apps/server/dist/main.js`, serving the built web app and widget when present)
 * as a child process on `database`, for figures that need a process of its own.
 */
export async function startServerProcess(
  database: BenchDatabase,
  options: { execArgv?: string[] } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = spawnProduct(
    'main.js',
    {
      PUBLIC_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: database.dataDir,
      ...(database.url ? { DATABASE_URL: database.url } : {}),
    },
    options.execArgv,
  );
  const stop = api.stop;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (api.child.exitCode !== null) throw new Error(`server exited early:\n${api.logs.join('')}`);
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server did not answer /api/health within 60 s:\n${api.logs.join('')}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, pid: api.child.pid!, logs: api.logs, stop };
}

/** Samples a process's resident memory (Linux /proc) until stopped: before, peak and growth in bytes. */
export function watchMemory(pid: number) {
  const status = () => readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status())?.[1]) * 1024;
  let hwmReset = true;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    hwmReset = false;
  }
  const before = field('VmRSS');
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, field('VmRSS'));
  }, 5);
  return {
    before,
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, field('VmRSS'), hwmReset ? field('VmHWM') : 0);
      return { before, peak, growth: peak - before };
    },
  };
}

export async function signUpBench(app: FastifyInstance) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    payload: {
      name: 'Bench',
      email: `bench-${randomBytes(4).toString('hex')}@example.com`,
      password: 'benchmark-lantern-42',
      confirm: 'benchmark-lantern-42',
    },
  });
  return { authorization: `Bearer ${res.json().data.accessToken as string}` };
}

export interface OpenLoopRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/**
 * An open-loop load: requests start at evenly spaced times (`rate` per second), whatever the server's
 * answers, as pushes from a platform do. Each latency runs from the request's scheduled start, so a
 * generator or server falling behind shows in the figures instead of hiding (no coordinated omission).
 * (autocannon's `overallRate` sends each second's requests in one burst, which measures a burst.)
 */
export async function openLoopLoad(options: {
  url: string;
  rate: number;
  durationSeconds: number;
  request: (i: number) => OpenLoopRequest;
  /** Ends the load early when it settles. */
  until?: Promise<unknown>;
}): Promise<{ p50: number; p99: number; max: number; sent: number; non2xx: number; perSecond: number }> {
  const { request: http } = await import('node:http');
  const { Agent } = await import('node:http');
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(options.url);
  const total = Math.round(options.rate * options.durationSeconds);
  const interval = 1000 / options.rate;
  const latencies: number[] = [];
  let non2xx = 0;
  const started = performance.now();
  const inFlight: Promise<void>[] = [];
  let stopped = false;
  void options.until?.finally(() => {
    stopped = true;
  });
  let sent = 0;
  for (let i = 0; i < total && !stopped; i++) {
    sent++;
    const scheduled = started + i * interval;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const spec = options.request(i);
    inFlight.push(
      new Promise<void>((resolve) => {
        const req = http(
          {
            agent,
            host: target.hostname,
            port: target.port,
            method: spec.method,
            path: spec.path,
            headers: spec.headers,
          },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - scheduled);
              if ((res.statusCode ?? 0) >= 300) non2xx++;
              resolve();
            });
          },
        );
        req.on('error', () => {
          non2xx++;
          resolve();
        });
        req.end(spec.body);
      }),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))] ?? 0;
  return { p50: at(0.5), p99: at(0.99), max: at(1), sent, non2xx, perSecond: sent / elapsed };
}

/** The p-th percentile (0-100) of some timings, nearest rank. */
export const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
