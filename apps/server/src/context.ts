import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import type { Config } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { type BackgroundWork, createBackgroundWork } from './platform/background-work.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './platform/mailer.ts';
import type { Queue } from './platform/queue.ts';
import { createBullQueue } from './platform/queue-bullmq.ts';
import { createDatabaseQueue } from './platform/queue-database.ts';
import {
  createMemoryRateLimiter,
  createRedisRateLimiter,
  type RateLimiter,
} from './platform/rate-limiter.ts';
import { createRealtime, type Realtime } from './platform/realtime.ts';
import { createWebsiteFetch, type SafeFetch } from './platform/safe-fetch.ts';
import { createSecrets, loadSecretKey, type Secrets } from './platform/secrets.ts';
import { createLocalStorage, type Storage, storageRoot } from './platform/storage.ts';
import type { SandboxCredentials } from './platforms/registry.ts';

/** The infrastructure every feature is built from: one implementation per concern, chosen by config. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  database: Database;
  queue: Queue;
  realtime: Realtime;
  mailer: Mailer;
  storage: Storage;
  secrets: Secrets;
  rateLimiter: RateLimiter;
  /** The sandbox's partner credentials, loaded only when a platform runs in sandbox mode. */
  sandboxCredentials: SandboxCredentials | null;
  /** Fetches merchants' websites: public http(s) addresses only (platform/safe-fetch.ts). */
  webFetch: SafeFetch;
  /** Work started after its caller was answered, which closing waits for (platform/background-work.ts). */
  background: BackgroundWork;
}

/** How long closing waits for background work (an index written out takes well under a second). */
const BACKGROUND_DRAIN_MS = 5_000;

export function createLogger(config: Config): FastifyBaseLogger {
  return pino({
    level: config.logLevel,
    redact: [
      'req.headers.authorization',
      'req.headers.cookie',
      '*.password',
      '*.accessToken',
      '*.partnerKey',
    ],
  });
}

export async function createContext(
  config: Config,
  options: {
    log?: FastifyBaseLogger;
    inMemoryDatabase?: boolean;
    /** With inMemoryDatabase: a dump of a migrated database to start from (tests). */
    databaseTemplate?: Blob | undefined;
    queuePrefix?: string;
    /** A worker process serves no HTTP: its realtime only publishes (platform/realtime.ts). */
    role?: 'api' | 'worker';
  } = {},
): Promise<AppContext> {
  const log = options.log ?? createLogger(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: options.inMemoryDatabase ? null : config.dataDir,
    startFrom: options.databaseTemplate,
    sharedBuffersMb: config.embeddedSharedBuffersMb,
  });
  const queue = config.redisUrl
    ? createBullQueue({
        redisUrl: config.redisUrl,
        prefix: options.queuePrefix ?? 'balas',
        log,
        db: database.db,
        lanes: config.queueLanes,
      })
    : createDatabaseQueue(database.db, log, { lanes: config.queueLanes });
  const realtime = createRealtime({
    redisUrl: config.redisUrl,
    streamName: `${options.queuePrefix ?? 'balas'}:socket.io`,
    role: options.role ?? 'api',
    log,
  });
  const mailer = config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom)
    : createOutboxMailer(database.db, log);
  // The sandbox (and its secrets, which are in the repository) is loaded only in sandbox mode.
  const sandboxCredentials = config.sandbox
    ? // biome-ignore lint/style/noRestrictedImports: sandbox mode, checked just above
      (await import('@balas/marketplace-sandbox')).sandboxDefaults
    : null;
  return {
    config,
    log,
    sandboxCredentials,
    database,
    queue,
    realtime,
    mailer,
    storage: createLocalStorage(storageRoot(config.dataDir)),
    secrets: createSecrets(loadSecretKey(config.secretKey, config.dataDir)),
    rateLimiter: config.redisUrl
      ? createRedisRateLimiter(config.redisUrl, options.queuePrefix ?? 'balas')
      : createMemoryRateLimiter(),
    webFetch: createWebsiteFetch(config),
    background: createBackgroundWork(),
  };
}

export async function closeContext(ctx: AppContext): Promise<void> {
  await ctx.queue.close();
  // After the queue: the jobs it let finish may have started some.
  const left = await ctx.background.drain(BACKGROUND_DRAIN_MS);
  if (left > 0) ctx.log.warn({ left }, 'closing with background work still running');
  await ctx.realtime.close();
  await ctx.mailer.close();
  await ctx.rateLimiter.close();
  await ctx.database.close();
}

export const webDistDir = (root: string) => join(root, 'apps/web/dist');
export const widgetDistDir = (root: string) => join(root, 'apps/widget/dist');
