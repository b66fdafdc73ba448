import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { platformDefinitions } from './platforms/definitions.ts';
import type { PlatformDefinition, PlatformId, PlatformSetting } from './platforms/platform.ts';

const optionalUrl = z.url().optional();

/** proxy-addr's names for address ranges, accepted beside addresses and CIDRs. */
const proxyRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (entry: string) => {
  if (proxyRanges.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
};

/**
 * Whose X-Forwarded-For to believe: nobody (false), the last `n` proxies in front (a hop count), or
 * proxies at these addresses. 'true' would believe any client's header (anyone could pick the IP
 * the rate limits count) and is refused.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (value === 'false' || value === '0') return false;
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    ctx.addIssue({
      code: 'custom',
      message:
        value === 'true'
          ? "must not be 'true', which believes any client's X-Forwarded-For (rate limits could be escaped): set the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs"
          : 'must be false, the number of proxies in front of the server (e.g. 1) or their addresses/CIDRs separated by commas',
    });
    return z.NEVER;
  });

/**
 * The platforms' own variables (credentials and hosts), declared by each platform's definition.
 * Widened: config loops over the list and never names a platform.
 */
const platforms: readonly PlatformDefinition[] = platformDefinitions;
// Typed as no keys: they are parsed with the rest, and only each platform's `live` reads them.
const platformEnv: Record<never, z.ZodType> = Object.assign({}, ...platforms.map((p) => p.env.shape));

/**
 * Every environment variable the server reads, with its embedded default (the platforms' come from
 * their definitions). Nothing else reads process.env.
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * Unset: 127.0.0.1, so that a laptop's install is not on its local network (links say localhost).
   * A server behind a load balancer sets 0.0.0.0 (or ::).
   */
  HOST: z.string().min(1).optional(),
  /** Unset: derived from PORT and HOST (see publicUrlOf). */
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl,
  REDIS_URL: optionalUrl,
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default('Balas <no-reply@balas.local>'),
  SECRET_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  WORKERS: z.enum(['in-process', 'off']).default('in-process'),
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  TRUST_PROXY: trustProxy.default(false),
  WEBHOOK_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(8000),
  BOT_ANSWERS_PER_HOUR: z.coerce.number().int().positive().default(600),
  /**
   * Within a worker's 384 MB old generation (`npm run worker`), the cache, the process's own heap and
   * the evicted indexes awaiting a collection must fit with room to spare: at 128 the collections
   * near the limit pushed the cold p95 to 303 ms (OPERATIONS.md "Capacity", the sizing rule).
   */
  INDEX_CACHE_MB: z.coerce.number().int().positive().default(64),
  /**
   * The embedded database's shared buffers: PostgreSQL's page cache inside PGlite's memory, written
   * at start. 32 instead of PostgreSQL's 128 keeps a serving process under 450 MB at no measured CPU
   * cost a message (OPERATIONS.md "Embedded"); pages beyond it come from the OS's cache of the files.
   */
  EMBEDDED_SHARED_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(32),
  /**
   * Job lanes (OPERATIONS.md "Lanes"): how many reply jobs (pushes, answers, sends) and bulk jobs
   * (imports, syncs, rollups, test runs) one process runs at once. Unset: the queue's default for
   * its mode (embedded 4 and 1, BullMQ 8 and 1 per worker process). 0 (with REDIS_URL only): this
   * worker does not take that lane (workers for bulk work only, or for replies only).
   */
  QUEUE_REPLY_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  QUEUE_BULK_CONCURRENCY: z.coerce.number().int().min(0).max(64).optional(),
  /** Web Push (VAPID) key pair, base64url; unset: generated once into DATA_DIR/vapid.json. */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services contact about our pushes: a mailto: or https: address. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: address')
    .optional(),
  /**
   * TEST ONLY (browser tests): `address:port` pairs a website import may fetch although private, for
   * a site the test serves on loopback. Refused unless NODE_ENV=test.
   */
  TEST_WEBSITE_PRIVATE_ALLOW: z.string().optional(),
});

/**
 * A mode per platform. A marketplace with credentials is live. Without any, every marketplace runs
 * on the sandbox; one left without credentials beside a live one is off (no sandbox secret ever
 * guards a live server). A channel that is not a marketplace is always live.
 */
export function resolvePlatforms(
  definitions: readonly PlatformDefinition[],
  env: Record<string, unknown>,
  issue: (message: string) => void,
): Record<PlatformId, PlatformSetting<unknown>> {
  const live = new Map(definitions.map((d) => [d.id, d.marketplace ? d.live(env, issue) : undefined]));
  const noneLive = [...live.values()].every((settings) => settings === undefined);
  return Object.fromEntries(
    definitions.map((d): [PlatformId, PlatformSetting<unknown>] => {
      const settings = live.get(d.id);
      if (!d.marketplace) return [d.id, { mode: 'live' }];
      if (settings !== undefined) return [d.id, { mode: 'live', ...settings }];
      return [d.id, noneLive ? { mode: 'sandbox' } : { mode: 'off' }];
    }),
  );
}

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count becomes "the last n addresses are proxies":
 * Fastify itself now treats a number as trusting nobody, which would give every client the
 * proxy's address and one shared rate limit.
 */
export function fastifyTrustProxy(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export class ConfigError extends Error {}

const wildcardHosts = new Set(['0.0.0.0', '::', '[::]', '*']);

/** The address of this process as a browser on this machine reaches it: links follow PORT and HOST. */
export function localUrl(host: string, port: number): string {
  const name = wildcardHosts.has(host)
    ? 'localhost'
    : host.includes(':') && !host.startsWith('[')
      ? `[${host}]`
      : host;
  return `http://${name}:${port}`;
}

/**
 * The server's configuration: the environment read through envSchema, then resolved (public
 * address, a mode per platform, the model). The Config type is this schema's output.
 */
const configSchema = envSchema.extend(platformEnv).transform((e, ctx) => {
  const resolved = resolvePlatforms(platforms, e as Record<string, unknown>, (message) =>
    ctx.addIssue({ code: 'custom', message }),
  );
  if (!e.REDIS_URL && (e.QUEUE_REPLY_CONCURRENCY === 0 || e.QUEUE_BULK_CONCURRENCY === 0))
    ctx.addIssue({
      code: 'custom',
      message: 'a queue lane of 0 needs REDIS_URL (another worker must take that lane)',
    });
  if ((e.VAPID_PUBLIC_KEY === undefined) !== (e.VAPID_PRIVATE_KEY === undefined))
    ctx.addIssue({ code: 'custom', message: 'set both of VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY' });
  if (e.TEST_WEBSITE_PRIVATE_ALLOW && e.NODE_ENV !== 'test')
    ctx.addIssue({ code: 'custom', message: 'TEST_WEBSITE_PRIVATE_ALLOW is for tests only (NODE_ENV=test)' });
  if ((e.AI_BASE_URL || e.AI_MODEL) && !(e.AI_BASE_URL && e.AI_MODEL)) {
    ctx.addIssue({ code: 'custom', message: 'AI_BASE_URL and AI_MODEL must be set together' });
  }
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST ?? '127.0.0.1',
    publicUrl: (e.PUBLIC_URL ?? localUrl(e.HOST ?? 'localhost', e.PORT)).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    secretKey: e.SECRET_KEY,
    workers: e.WORKERS,
    bodyLimit: e.BODY_LIMIT,
    /** Fastify's trustProxy: false, a hop count, or the proxies' addresses/CIDRs. */
    trustProxy: e.TRUST_PROXY,
    /** Processed platform pushes are kept this many days, then deleted. */
    webhookRetentionDays: e.WEBHOOK_RETENTION_DAYS,
    /** Bot answers a shop may get in an hour; past it, conversations are handed over (a flood's bound). */
    botAnswersPerHour: e.BOT_ANSWERS_PER_HOUR,
    /** Heap the shops' retrieval indexes may take in one process; the least recently used leave first. */
    indexCacheBytes: e.INDEX_CACHE_MB * 1024 * 1024,
    embeddedSharedBuffersMb: e.EMBEDDED_SHARED_BUFFERS_MB,
    /** Jobs one process runs at once per lane; unset ones take the queue's default for its mode. */
    queueLanes: {
      ...(e.QUEUE_REPLY_CONCURRENCY === undefined ? {} : { reply: e.QUEUE_REPLY_CONCURRENCY }),
      ...(e.QUEUE_BULK_CONCURRENCY === undefined ? {} : { bulk: e.QUEUE_BULK_CONCURRENCY }),
    },
    /**
     * Web Push: the VAPID key pair when set (the same on every process), else generated into
     * DATA_DIR; the subject defaults to the sender address of account mails.
     */
    vapid: {
      keys:
        e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      subject: e.VAPID_SUBJECT ?? `mailto:${/<([^>]+)>/.exec(e.MAIL_FROM)?.[1] ?? e.MAIL_FROM}`,
    },
    /** Test only (refused outside NODE_ENV=test): private addresses a website import may fetch. */
    websitePrivateAllowForTests:
      e.NODE_ENV === 'test' && e.TEST_WEBSITE_PRIVATE_ALLOW
        ? e.TEST_WEBSITE_PRIVATE_ALLOW.split(',').map((a) => a.trim())
        : [],
    /** True when a platform runs on the built-in sandbox (mounted under /sandbox). */
    sandbox: Object.values(resolved).some((p) => p.mode === 'sandbox'),
    /** Each platform's mode (and its settings when live), by id. */
    platforms: resolved,
    ai:
      e.AI_BASE_URL && e.AI_MODEL
        ? {
            baseUrl: e.AI_BASE_URL,
            apiKey: e.AI_API_KEY ?? '',
            model: e.AI_MODEL,
            embeddingModel: e.AI_EMBEDDING_MODEL,
            timeoutMs: e.AI_TIMEOUT_MS,
          }
        : undefined,
  };
});

export type Config = z.output<typeof configSchema>;

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  // Empty strings mean "unset", as in most .env files.
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (i) => `Invalid configuration: ${i.path.length > 0 ? `${i.path.join('.')} ` : ''}${i.message}`,
    );
    throw new ConfigError(lines.join('\n'));
  }
  return parsed.data;
}
