import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Redis } from 'ioredis';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { seededRandom } from '../packages/bot/src/eval/seeded-random.ts';
import type { Figure } from './support.ts';

/**
 * Capacity model (issue 29.4): from the measured cost of one shopper message, how many merchants of
 * a given size one worker, N workers, one PostgreSQL and one Redis serve at a sale-day peak, which
 * limit binds first, and a discrete-event simulation of a peak hour for fleets this box cannot run.
 *
 *   npm run bench capacity-model
 *
 * Costs: the constants below (measured by `bench message-cost`, OPERATIONS.md "Capacity"), or a
 * JSON file of the same shape named by CAPACITY_MODEL_COSTS. PostgreSQL and Redis: measured here
 * for a few seconds each (a pgbench-like loop of primary-key reads, updates and inserts; a loop of
 * the Redis commands a message sends), when DATABASE_URL / REDIS_URL (or the local defaults) answer;
 * else the cited fallbacks. Every figure is printed with the load average beside it.
 */

export interface MessageCosts {
  /** Where and when the figures were measured. */
  source: string;
  embeddedCpuMs: number;
  apiCpuMs: number;
  workerCpuMs: number;
  postgresStatements: number;
  redisCommands: number;
  /** Platform API calls per answered message (the send; Lazada also reads the session). */
  platformCalls: { shopee: number; lazada: number };
  /** Reply latency with nothing queued (push to reply sent), the part no CPU queue explains. */
  idleReplyMs: number;
}

export const MEASURED: MessageCosts = {
  source:
    'bench message-cost, 150 messages embedded (3 runs, load 6.5 down to 0.3) and 40 distributed (2 runs, load 0.8-4.2), alternated with the build before the prepared hot path, 2026-11-27 (OPERATIONS.md "Prepared hot path"); Redis commands from the runs before it; reply p50 48-61 ms from the CI capacity run (commit d04b4e8)',
  embeddedCpuMs: 34,
  apiCpuMs: 7,
  workerCpuMs: 23,
  postgresStatements: 37.9,
  redisCommands: 39.7,
  // From the code path: a Shopee push carries the message, the reply is one send_message; Lazada's
  // session-update push carries none, so the job reads the session's messages, then sends.
  platformCalls: { shopee: 1, lazada: 2 },
  idleReplyMs: 60,
};

/** Sale-day peak hour of one merchant, in shopper messages. */
export const PROFILES = [
  { name: 'small', perHour: 200 },
  { name: 'medium', perHour: 2_000 },
  { name: 'large', perHour: 20_000 },
] as const;

/** A process's CPU is planned up to this share, so that queueing keeps p99 inside the budget. */
export const TARGET_UTILISATION = 0.7;
export const P99_BUDGET_MS = 2000;
/**
 * The reply path's statements are heavier than the loop's primary-key ones (joins, JSON, jsonb
 * writes, triggers on conversations): PostgreSQL's statements a second are planned at this share.
 * An assumption, not a measurement: measure PostgreSQL's CPU per message to replace it.
 */
export const STATEMENT_WEIGHT = 0.5;
/** Redis commands of a message are mostly XREAD/XADD/EVALSHA, heavier than INCR: same idea. */
export const REDIS_WEIGHT = 0.5;
/** Default per-shop bot budget (BOT_ANSWERS_PER_HOUR): past it, chats are handed over. */
export const BOT_ANSWERS_PER_HOUR = 600;
/** Lazada's app quota when online (marketplaces.md §2.7): calls a day, all shops together. */
export const LAZADA_CALLS_PER_DAY = 10_000_000;
/**
 * Fallbacks when no server answers here, CPU per operation: about 10,000 simple statements a
 * second per core (pgbench's order of magnitude), about 100,000 simple commands a second on Redis's
 * one thread (its benchmark's order of magnitude, no pipelining). Not measured on this box.
 */
const FALLBACK: Record<'postgres' | 'redis', ServerCost> = {
  postgres: { cpuMsPerOp: 0.1, wallPerSecond: 0 },
  redis: { cpuMsPerOp: 0.01, wallPerSecond: 0 },
};
const SAMPLES = 3;
/** Cores of the PostgreSQL server planned for (this box: 2). */
const PG_CORES = Number(process.env.CAPACITY_PG_CORES ?? 2);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0]!.toFixed(1);

/** User + system CPU of a local process so far, in ms (Linux /proc, 100 ticks a second). */
function processCpuMs(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** What a server's work costs: CPU per operation (load-proof), and the rate this loaded box got. */
export interface ServerCost {
  cpuMsPerOp: number;
  wallPerSecond: number;
}

/**
 * A pgbench-like loop: `clients` connections run transactions of primary-key reads, updates and
 * inserts on a logged table. The CPU each backend used (read from /proc: the server runs on this machine) over the
 * statements it ran gives PostgreSQL's CPU per statement, which the machine's load does not change
 * much, unlike the rate.
 */
export async function measurePostgres(url: string, seconds = 5, clients = 8): Promise<ServerCost> {
  const table = `capacity_model_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create table if not exists ${table} (id int primary key, n int, body text)`);
  await admin.query(
    `insert into ${table} select g, 0, repeat('x', 200) from generate_series(1, 10000) g on conflict do nothing`,
  );
  let statements = 0;
  let cpu = 0;
  let stop = false;
  const run = async (c: number) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const pid = Number((await client.query('select pg_backend_pid() as pid')).rows[0].pid);
    const before = processCpuMs(pid);
    let i = c * 100_000;
    while (!stop) {
      // As the reply path: about 9 statements a transaction (45.6 in 5), begin and commit counted.
      await client.query('begin');
      for (let k = 0; k < 3; k++) {
        const id = 1 + (i++ % 10_000);
        await client.query(`select n, body from ${table} where id = $1`, [id]);
        await client.query(`update ${table} set n = n + 1 where id = $1`, [id]);
        await client.query(
          `insert into ${table} (id, n, body) values ($1, 0, $2) on conflict (id) do nothing`,
          [20_000 + i, 'y'.repeat(200)],
        );
      }
      await client.query('commit');
      statements += 11;
    }
    cpu += processCpuMs(pid) - before;
    await client.end();
  };
  const started = performance.now();
  const runs = Array.from({ length: clients }, (_, c) => run(c));
  await sleep(seconds * 1000);
  stop = true;
  await Promise.all(runs);
  const elapsed = (performance.now() - started) / 1000;
  await admin.query(`drop table ${table}`);
  await admin.end();
  return { cpuMsPerOp: cpu / statements, wallPerSecond: statements / elapsed };
}

const redisCpu = (info: string) => {
  const field = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return {
    cpuMs: (field('used_cpu_user') + field('used_cpu_sys')) * 1000,
    commands: field('total_commands_processed'),
  };
};

/**
 * `clients` connections send stream appends and counters. Redis's own CPU (INFO) over the commands it
 * processed in that time (everyone's: other clients of the server count on both sides) gives its
 * CPU per command.
 */
export async function measureRedis(url: string, seconds = 5, clients = 16): Promise<ServerCost> {
  const key = `capacity-model:${process.pid}`;
  let commands = 0;
  let stop = false;
  const probe = new Redis(url, { maxRetriesPerRequest: 1 });
  const before = redisCpu(await probe.info());
  const run = async () => {
    const redis = new Redis(url, { maxRetriesPerRequest: 1 });
    while (!stop) {
      await redis.xadd(`${key}:s`, 'MAXLEN', '~', '1000', '*', 'e', 'x'.repeat(300));
      await redis.incr(`${key}:n`);
      commands += 2;
    }
    redis.disconnect();
  };
  const started = performance.now();
  const runs = Array.from({ length: clients }, run);
  await sleep(seconds * 1000);
  stop = true;
  await Promise.all(runs);
  const elapsed = (performance.now() - started) / 1000;
  const after = redisCpu(await probe.info());
  await probe.del(`${key}:s`, `${key}:n`);
  probe.disconnect();
  return {
    cpuMsPerOp: (after.cpuMs - before.cpuMs) / Math.max(1, after.commands - before.commands),
    wallPerSecond: commands / elapsed,
  };
}

/** p99 of the time a job spends at a single CPU server (M/M/1: exponential, mean S/(1-rho)). */
export const mm1P99Ms = (serviceMs: number, utilisation: number) =>
  utilisation >= 1 ? Number.POSITIVE_INFINITY : (serviceMs / (1 - utilisation)) * Math.log(100);

export interface Limits {
  /** Messages a second each part of the system takes, planned (TARGET_UTILISATION, weights). */
  workerProcess: number;
  apiProcess: number;
  embeddedProcess: number;
  postgres: number;
  redis: number;
  /** Highest utilisation at which one worker's reply p99 stays inside the budget. */
  workerLatencyUtilisation: number;
}

export function limitsOf(
  costs: MessageCosts,
  pgStatementsPerSecond: number,
  redisCommandsPerSecond: number,
): Limits {
  // The highest utilisation at which S/(1-rho)*ln(100) + the idle latency stays under the budget.
  const workerLatencyUtilisation =
    1 - (costs.workerCpuMs * Math.log(100)) / (P99_BUDGET_MS - costs.idleReplyMs);
  const planned = Math.min(TARGET_UTILISATION, workerLatencyUtilisation);
  return {
    workerProcess: (1000 / costs.workerCpuMs) * planned,
    apiProcess: (1000 / costs.apiCpuMs) * planned,
    embeddedProcess: (1000 / costs.embeddedCpuMs) * planned,
    postgres: (pgStatementsPerSecond * STATEMENT_WEIGHT * TARGET_UTILISATION) / costs.postgresStatements,
    redis: (redisCommandsPerSecond * REDIS_WEIGHT * TARGET_UTILISATION) / costs.redisCommands,
    workerLatencyUtilisation,
  };
}

/** Merchants of one profile that `workers` workers (and enough API processes) serve, and what binds. */
export function merchantsServed(limits: Limits, perHour: number, workers: number) {
  const rate = perHour / 3600;
  const candidates = [
    { limit: `${workers} worker${workers > 1 ? 's' : ''} (CPU)`, perSecond: limits.workerProcess * workers },
    { limit: 'PostgreSQL (statements)', perSecond: limits.postgres },
    { limit: 'Redis (commands)', perSecond: limits.redis },
  ];
  const binding = candidates.reduce((a, b) => (b.perSecond < a.perSecond ? b : a));
  return {
    merchants: Math.floor(binding.perSecond / rate),
    perSecond: binding.perSecond,
    binding: binding.limit,
  };
}

export interface PeakRun {
  workers: number;
  merchants: number;
  offered: number;
  p50: number;
  p99: number;
  late: number;
}

/**
 * A sale-day peak hour, discrete-event: `merchants` shops of `perHour` messages, arriving as a
 * Poisson process whose rate triples for the first 10 minutes (the sale's opening, the 12.12 peak);
 * each message costs the API its CPU (spread over API processes, not a queue here: they scale out
 * freely), then waits for the first free worker (a single CPU server each, service time exponential
 * with the measured mean), then for PostgreSQL and then Redis, each a server shared by all (its
 * service time the message's statements or commands at the planned rate). Serial, so pessimistic:
 * the real path interleaves them. Latency = idle latency + the queues' waits and work.
 */
export function simulatePeak(
  costs: MessageCosts,
  pgStatementsPerSecond: number,
  redisCommandsPerSecond: number,
  options: { workers: number; merchants: number; perHour: number; seed?: number; surge?: boolean },
): PeakRun {
  const rand = seededRandom(options.seed ?? 29);
  const exp = (mean: number) => -Math.log(1 - rand()) * mean;
  const baseRate = (options.merchants * options.perHour) / 3600; // a second
  // Mean 1 over the hour: three times the rest's rate in the first 10 minutes, or flat.
  const surge = (t: number) => (options.surge === false ? 1 : (t < 600 ? 3 : 1) / ((3 * 600 + 3000) / 3600));
  const pgServiceMs = (costs.postgresStatements / (pgStatementsPerSecond * STATEMENT_WEIGHT)) * 1000;
  const workerFree = Array.from({ length: options.workers }, () => 0);
  const redisServiceMs = (costs.redisCommands / (redisCommandsPerSecond * REDIS_WEIGHT)) * 1000;
  let pgFree = 0;
  let redisFree = 0;
  const latencies: number[] = [];
  let t = 0; // seconds
  const peakRate = baseRate * surge(0);
  while (t < 3600) {
    // Thinning: candidates at the peak rate, kept with the ratio of the rate at that time.
    t += exp(1 / peakRate);
    if (t >= 3600) break;
    if (rand() > (baseRate * surge(t)) / peakRate) continue;
    const arrive = t * 1000;
    let w = 0;
    for (let i = 1; i < workerFree.length; i++) if (workerFree[i]! < workerFree[w]!) w = i;
    const startWork = Math.max(arrive, workerFree[w]!);
    const work = exp(costs.workerCpuMs);
    workerFree[w] = startWork + work;
    const startDb = Math.max(startWork + work, pgFree);
    pgFree = startDb + exp(pgServiceMs);
    const startRedis = Math.max(pgFree, redisFree);
    redisFree = startRedis + exp(redisServiceMs);
    latencies.push(redisFree - arrive + costs.idleReplyMs);
  }
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return {
    workers: options.workers,
    merchants: options.merchants,
    offered: latencies.length / 3600,
    p50: at(0.5),
    p99: at(0.99),
    late: latencies.filter((l) => l > P99_BUDGET_MS).length / Math.max(1, latencies.length),
  };
}

/** The most merchants of a profile `workers` workers take with the simulated p99 inside the budget. */
export function simulatedMerchants(
  costs: MessageCosts,
  pgStatementsPerSecond: number,
  redisCommandsPerSecond: number,
  workers: number,
  perHour: number,
) {
  let low = 0;
  let high = 1;
  const ok = (merchants: number) =>
    simulatePeak(costs, pgStatementsPerSecond, redisCommandsPerSecond, { workers, merchants, perHour }).p99 <=
    P99_BUDGET_MS;
  while (ok(high) && high < 1e7) high *= 2;
  while (high - low > Math.max(1, low / 100)) {
    const mid = Math.floor((low + high) / 2);
    if (ok(mid)) low = mid;
    else high = mid;
  }
  return low;
}

function readCosts(): MessageCosts {
  const path = process.env.CAPACITY_MODEL_COSTS;
  if (!path) return MEASURED;
  return { ...MEASURED, ...(JSON.parse(readFileSync(path, 'utf8')) as Partial<MessageCosts>) };
}

async function measured<T>(
  what: string,
  run: () => Promise<T>,
  fallback: T,
): Promise<{ value: T; how: string }> {
  try {
    const before = load();
    const value = await run();
    return { value, how: `measured here, load ${before} -> ${load()}` };
  } catch (error) {
    return {
      value: fallback,
      how: `fallback (${what} unreachable: ${(error as Error).message.slice(0, 60)})`,
    };
  }
}

export async function benchCapacityModel(): Promise<Figure[]> {
  const costs = readCosts();
  const outer = loadConfig(process.env);
  const pgUrl = outer.databaseUrl ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = outer.redisUrl ?? 'redis://127.0.0.1:6379';
  const seconds = Number(process.env.CAPACITY_MODEL_SECONDS ?? 3);
  // The least CPU per operation of a few short samples: a loaded machine's contention (other
  // processes, context switches) only ever adds to it.
  const least = async (sample: () => Promise<ServerCost>) => {
    const samples: ServerCost[] = [];
    for (let i = 0; i < SAMPLES; i++) samples.push(await sample());
    return samples.reduce((a, b) => (b.cpuMsPerOp < a.cpuMsPerOp ? b : a));
  };
  const pgCost = await measured(
    'PostgreSQL',
    () => least(() => measurePostgres(pgUrl, seconds)),
    FALLBACK.postgres,
  );
  const redisCost = await measured(
    'Redis',
    () => least(() => measureRedis(redisUrl, seconds)),
    FALLBACK.redis,
  );
  // Capacity from CPU per operation: the server's cores (Redis runs commands on one thread).
  const pgRate = { value: (PG_CORES * 1000) / pgCost.value.cpuMsPerOp, how: pgCost.how };
  const redisRate = { value: 1000 / redisCost.value.cpuMsPerOp, how: redisCost.how };
  const limits = limitsOf(costs, pgRate.value, redisRate.value);

  console.log(`  costs: ${costs.source}`);
  console.log(
    `  PostgreSQL ${pgCost.value.cpuMsPerOp.toFixed(3)} ms CPU a statement -> ${pgRate.value.toFixed(0)} statements/s on ${PG_CORES} cores (${pgRate.how}; the loop got ${pgCost.value.wallPerSecond.toFixed(0)}/s on this loaded box)`,
  );
  console.log(
    `  Redis ${redisCost.value.cpuMsPerOp.toFixed(4)} ms CPU a command -> ${redisRate.value.toFixed(0)} commands/s (${redisRate.how}; the loop got ${redisCost.value.wallPerSecond.toFixed(0)}/s)`,
  );
  console.log(
    `  planned messages/s: worker ${limits.workerProcess.toFixed(1)}, API ${limits.apiProcess.toFixed(1)}, embedded ${limits.embeddedProcess.toFixed(1)}, PostgreSQL ${limits.postgres.toFixed(0)}, Redis ${limits.redis.toFixed(0)} (utilisation ${TARGET_UTILISATION}; one worker's p99 leaves the budget past ${(limits.workerLatencyUtilisation * 100).toFixed(0)}%)`,
  );
  const workersUntilPostgres = Math.ceil(limits.postgres / limits.workerProcess);
  console.log(
    `  PostgreSQL binds from ${workersUntilPostgres} workers; API processes needed at that rate: ${Math.ceil(limits.postgres / limits.apiProcess)}`,
  );

  console.log(
    '\n  | profile (peak/h) | 1 worker | 2 workers | 4 workers | 8 workers | binding at 8 | simulated 1 / 4 / 8 workers (p99 <= 2 s) | bot budget |',
  );
  console.log('  |---|---|---|---|---|---|---|---|');
  const figures: Figure[] = [
    { name: 'PostgreSQL CPU a statement (loop)', value: pgCost.value.cpuMsPerOp, unit: 'ms' },
    { name: 'Redis CPU a command (loop)', value: redisCost.value.cpuMsPerOp, unit: 'ms' },
    { name: 'worker messages/s (planned)', value: limits.workerProcess, unit: '/s' },
    { name: 'PostgreSQL messages/s (planned)', value: limits.postgres, unit: '/s' },
    { name: 'Redis messages/s (planned)', value: limits.redis, unit: '/s' },
  ];
  for (const profile of PROFILES) {
    const served = [1, 2, 4, 8].map((w) => merchantsServed(limits, profile.perHour, w));
    const simulated = [1, 4, 8].map((w) =>
      simulatedMerchants(costs, pgRate.value, redisRate.value, w, profile.perHour),
    );
    const budget =
      profile.perHour > BOT_ANSWERS_PER_HOUR
        ? `binds: ${BOT_ANSWERS_PER_HOUR}/h answered, the rest handed over`
        : 'inside';
    console.log(
      `  | ${profile.name} (${profile.perHour.toLocaleString('en')}) | ${served.map((s) => s.merchants.toLocaleString('en')).join(' | ')} | ${served[3]!.binding} | ${simulated.map((s) => s.toLocaleString('en')).join(' / ')} | ${budget} |`,
    );
    figures.push({ name: `${profile.name} merchants, 1 worker`, value: served[0]!.merchants, unit: 'shops' });
  }

  // The budgets of issue 29 on the model: the fleet 100/s and 150/s need, simulated flat for an hour.
  for (const rate of [100, 150]) {
    const workers = Math.ceil(rate / limits.workerProcess);
    const pgCores = Math.ceil((rate / limits.postgres) * PG_CORES);
    const run = simulatePeak(costs, (pgRate.value / PG_CORES) * pgCores, redisRate.value, {
      workers,
      merchants: Math.round(rate * 3.6),
      perHour: 1000,
      surge: false,
    });
    console.log(
      `  ${rate}/s: ${workers} workers, ${Math.ceil(rate / limits.apiProcess)} API processes, PostgreSQL on ${pgCores} cores (${Math.ceil(rate / limits.embeddedProcess)} embedded processes, which cannot share a database): simulated p50 ${run.p50.toFixed(0)} ms, p99 ${run.p99.toFixed(0)} ms, ${(run.late * 100).toFixed(2)}% over 2 s`,
    );
  }
  const lazadaPerSecond = LAZADA_CALLS_PER_DAY / 86_400 / costs.platformCalls.lazada;
  console.log(
    `  Lazada app quota: ${LAZADA_CALLS_PER_DAY.toLocaleString('en')} calls/day = ${lazadaPerSecond.toFixed(0)} messages/s averaged over a day (${costs.platformCalls.lazada} calls each); Shopee publishes no numbers (error_rate_limit is retried)`,
  );
  return figures;
}
