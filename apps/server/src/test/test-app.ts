import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { type BuildOptions, buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type AppContext, closeContext, createContext } from '../context.ts';
import { registerJobs } from '../jobs.ts';
import type { Queue } from '../platform/queue.ts';
import { readDatabaseTemplate } from './database-template.ts';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  close(): Promise<void>;
}

/** A database of its own for one test file: PostgreSQL when DATABASE_URL is set, else none (PGlite). */
export async function createTestDatabaseUrl(): Promise<{ url: string | undefined; drop(): Promise<void> }> {
  const outer = loadConfig(process.env);
  if (!outer.databaseUrl) return { url: undefined, drop: async () => {} };
  const name = `balas_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: outer.databaseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(outer.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: outer.databaseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/**
 * A fresh app on its own database: PGlite in memory by default; with DATABASE_URL set (CI's second
 * run) a new PostgreSQL database per test file, and with REDIS_URL, BullMQ and the Redis adapter
 * under a unique prefix.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  build: BuildOptions = {},
  options: {
    /** The job queue the app is built with, in place of the context's (it gets the context's). */
    queue?: (ctx: AppContext) => Queue;
  } = {},
): Promise<TestApp> {
  const outer = loadConfig(process.env);
  const dataDir = mkdtempSync(join(tmpdir(), 'balas-test-'));
  const suffix = randomBytes(6).toString('hex');
  const database = await createTestDatabaseUrl();
  const databaseUrl = database.url;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    SECRET_KEY: randomBytes(32).toString('hex'),
    DATABASE_URL: databaseUrl,
    REDIS_URL: outer.redisUrl,
    ...env,
  });
  const ctx = await createContext(config, {
    inMemoryDatabase: !databaseUrl,
    databaseTemplate: databaseUrl ? undefined : readDatabaseTemplate(),
    queuePrefix: `balas-test-${suffix}`,
  });
  if (options.queue) ctx.queue = options.queue(ctx);
  const app = await buildApp(ctx, build);
  await registerJobs(ctx, app.services, { schedule: false });
  await ctx.queue.startWorker();
  await app.ready();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await closeContext(ctx);
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs a merchant up and returns its bearer header. */
export async function signUp(app: FastifyInstance, email = `m${randomBytes(4).toString('hex')}@example.com`) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/signup',
    // Each from its own address (198.18.0.0/15, set aside for tests): sign-ups are limited per address.
    remoteAddress: `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0]}`,
    payload: {
      name: 'Aisyah',
      email,
      phone: '012-345 6789',
      password: 'correct horse',
      confirm: 'correct horse',
    },
  });
  if (res.statusCode !== 200) throw new Error(`signup failed: ${res.body}`);
  const { accessToken } = res.json().data as { accessToken: string };
  return { email, token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

/** Creates a website shop (no marketplace authorization needed) for the merchant. */
export async function createWebsiteShop(
  app: FastifyInstance,
  headers: Record<string, string>,
  name = 'My Web Shop',
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/website',
    headers,
    payload: {
      name,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
    },
  });
  if (res.statusCode !== 200) throw new Error(`shop creation failed: ${res.body}`);
  return (res.json().data as { id: string }).id;
}
