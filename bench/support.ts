import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { type AppContext, closeContext, createContext } from '../apps/server/src/context.ts';
import { registerJobs } from '../apps/server/src/jobs.ts';

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

/** A fresh product on its own database: PostgreSQL (BENCH_DATABASE_URL or the local server) by default. */
export async function startBenchApp(options: { postgres?: boolean } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-bench-'));
  const env = loadConfig(process.env);
  let databaseUrl: string | undefined;
  let drop: (() => Promise<void>) | undefined;
  if (options.postgres !== false) {
    const admin = env.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const name = `balas_bench_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    drop = async () => {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    };
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    PUBLIC_URL: 'http://127.0.0.1:3999',
  });
  const ctx: AppContext = await createContext(config, { inMemoryDatabase: !databaseUrl });
  const app: FastifyInstance = await buildApp(ctx);
  await registerJobs(ctx, app.services, { schedule: false });
  await ctx.queue.startWorker();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    app,
    ctx,
    url,
    databaseUrl,
    async close() {
      await app.close();
      await closeContext(ctx);
      await drop?.();
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
      password: 'benchmark!',
      confirm: 'benchmark!',
    },
  });
  return { authorization: `Bearer ${res.json().data.accessToken as string}` };
}
