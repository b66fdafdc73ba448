import { readFileSync } from 'node:fs';
import type { Sandbox } from '@balas/marketplace-sandbox';
import { loadConfig } from '../apps/server/src/config.ts';
import { claimRedisDatabase } from '../apps/server/src/test/processes.ts';
import { freePort } from '../e2e/support/server.ts';
import {
  cpuMs,
  type Fleet,
  prepareBenchShops,
  QUESTIONS,
  rssMb,
  sleep,
  startBenchSandbox,
  startFleet,
} from './fleet.ts';
import { createBenchDatabase, type Figure, percentile } from './support.ts';

/**
 * Capacity (issue 29.2): the built product under a rising rate of shopper messages across many shops,
 * pushed by a Shopee sandbox in this process, the bot on and answering from a knowledge file in
 * every shop. Each message comes from a new shopper, so each must get exactly one reply: a message
 * with none after the drain is lost, one with two or more is doubled (both must be 0, and the bench
 * fails otherwise). Per step: the offered and achieved rate, reply latency p50/p99 (shopper's
 * message to the shop's reply on the platform), the servers' memory; the knee is the first step
 * that does not keep up (replies below 95% of the offered rate, or p99 over 2 s).
 *
 *   embedded     one `main.js` on PGlite with its in-process queue (npm start)
 *   distributed  2 API processes (WORKERS=off) behind a round-robin balancer + CAPACITY_WORKERS
 *                `worker-main.js` on PostgreSQL + Redis (DATABASE_URL / REDIS_URL or the local ones)
 *
 * CAPACITY_MODES (default: embedded,distributed), CAPACITY_RATES (messages/s, default 10,25,50,100,150),
 * CAPACITY_STEP_SECONDS (default 60), CAPACITY_SHOPS (default 20), CAPACITY_WORKERS (default 2).
 * A mode stops at its knee (CAPACITY_PAST_KNEE=1 runs every rate); a backlog left after a step is
 * waited for (up to 10 minutes), so a late reply is timed, not counted lost.
 * The load generator and the sandbox share this box's two cores with the product: the figures
 * are this box's, reported with the embedded run's as the baseline ratio.
 */

const KEEPS_UP_SHARE = 0.95;
const P99_BUDGET_MS = 2000;
const DRAIN_MS = 30_000;
/** Past the knee a backlog is late, not lost: it is waited for this long before a reply counts as lost. */
const BACKLOG_DRAIN_MS = 600_000;
const POLL_MS = 20;

type Mode = 'embedded' | 'distributed';

interface StepResult {
  offered: number;
  sent: number;
  achieved: number;
  replied: number;
  lost: number;
  doubled: number;
  p50: number;
  p99: number;
  rssMb: Record<string, number>;
  /** The product's processes' CPU time (user + system) over the step and its drain, per reply. */
  productCpuMsPerReply: number;
  /** Share of the box's cores busy over the step and its drain (everything on it, the bench included). */
  boxBusy: number;
}

/** Busy and total ticks of all cores so far (Linux /proc/stat). */
function boxTicks() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

const numberList = (value: string | undefined, fallback: number[]) =>
  value ? value.split(',').map((v) => Number(v.trim())) : fallback;

/** One step: `rate` messages/s for `seconds`, each from a new shopper, round-robin over the shops. */
async function runStep(
  sandbox: Sandbox,
  shops: string[],
  running: Fleet,
  rate: number,
  seconds: number,
  step: number,
): Promise<StepResult> {
  const data = sandbox.state.data.shopee;
  type Conversation = (typeof data.conversations)[number];
  const pending = new Map<string, { at: number; conversation?: Conversation }>();
  const asked: Conversation[] = [];
  const latencies: number[] = [];
  let sent = 0;
  const productCpu = () => Object.values(running.pids).reduce((sum, pid) => sum + cpuMs(pid), 0);
  const cpuBefore = productCpu();
  const ticksBefore = boxTicks();
  const poll = setInterval(() => {
    const now = performance.now();
    for (const [buyer, w] of pending) {
      if (w.conversation?.messages.some((m) => m.from === 'shop')) {
        latencies.push(now - w.at);
        pending.delete(buyer);
      }
    }
  }, POLL_MS);
  const started = performance.now();
  const total = Math.floor(rate * seconds);
  for (let i = 0; i < total; i++) {
    const wait = started + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    const buyer = `7${step}${String(i).padStart(7, '0')}`;
    data.buyers.push({ id: buyer, name: `Shopper ${buyer}` });
    const entry: { at: number; conversation?: Conversation } = { at: performance.now() };
    pending.set(buyer, entry);
    sent++;
    sandbox
      .shopperSend({
        platform: 'shopee',
        shopId: shops[i % shops.length]!,
        buyerId: buyer,
        text: QUESTIONS[i % QUESTIONS.length]!,
      })
      .then((r) => {
        // A new shopper's conversation is one of the newest.
        for (let k = data.conversations.length - 1; k >= 0; k--) {
          const c = data.conversations[k]!;
          if (c.id === r.conversationId) {
            entry.conversation = c;
            asked.push(c);
            break;
          }
        }
      })
      .catch((error: unknown) => {
        throw new Error(`the sandbox could not send: ${String(error)}`);
      });
  }
  const sendingSeconds = (performance.now() - started) / 1000;
  const drainUntil = Date.now() + DRAIN_MS;
  while (pending.size > 0 && Date.now() < drainUntil) await sleep(100);
  const backlogUntil = Date.now() + BACKLOG_DRAIN_MS;
  if (pending.size > 0)
    console.log(`  ${rate}/s: ${pending.size} replies still due after the drain; waiting for them`);
  while (pending.size > 0 && Date.now() < backlogUntil) await sleep(250);
  // A doubled reply arrives after the first: give it a moment.
  await sleep(2000);
  clearInterval(poll);
  const cpuSpent = productCpu() - cpuBefore;
  const ticksAfter = boxTicks();
  const repliesOf = (c: Conversation) => c.messages.filter((m) => m.from === 'shop').length;
  const rss = Object.fromEntries(Object.entries(running.pids).map(([name, pid]) => [name, rssMb(pid)]));
  latencies.sort((a, b) => a - b);
  return {
    offered: rate,
    sent,
    achieved: sent / sendingSeconds,
    replied: latencies.length,
    lost: sent - asked.filter((c) => repliesOf(c) > 0).length,
    doubled: asked.filter((c) => repliesOf(c) > 1).length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rssMb: rss,
    productCpuMsPerReply: cpuSpent / Math.max(1, latencies.length),
    boxBusy: (ticksAfter.busy - ticksBefore.busy) / Math.max(1, ticksAfter.total - ticksBefore.total),
  };
}

async function runMode(mode: Mode, rates: number[], seconds: number, shops: number, workers: number) {
  const outer = loadConfig(process.env);
  const database = await createBenchDatabase(mode === 'distributed');
  const redis =
    mode === 'distributed'
      ? await claimRedisDatabase(outer.redisUrl ?? 'redis://127.0.0.1:6379', 'balas-bench:capacity:claim')
      : undefined;
  // The product's entry (the server, or the balancer in front of the API processes) takes the pushes.
  const entryPort = await freePort();
  const { sandbox, url: sandboxUrl, ids } = await startBenchSandbox(`http://127.0.0.1:${entryPort}`, shops);
  let running: Fleet | undefined;
  try {
    running = await startFleet({
      apis: mode === 'embedded' ? 0 : 2,
      workers,
      entryPort,
      dataDir: database.dataDir,
      sandboxUrl,
      env: {
        ...(database.url ? { DATABASE_URL: database.url } : {}),
        ...(redis ? { REDIS_URL: redis.url } : {}),
      },
      // The bench measures answering, not the hourly flood limit that hands over past it.
      answersPerHour: Math.max(1000, Math.max(...rates) * 3600 * 2),
    });
    await prepareBenchShops(running.entry, sandboxUrl, ids);
    const results: StepResult[] = [];
    for (const [step, rate] of rates.entries()) {
      const r = await runStep(sandbox, ids, running, rate, seconds, step + 1);
      results.push(r);
      console.log(
        `  ${mode} ${rate}/s: sent ${r.sent} (${r.achieved.toFixed(1)}/s), replied ${r.replied}, lost ${r.lost}, doubled ${r.doubled}, p50 ${r.p50.toFixed(0)} ms, p99 ${r.p99.toFixed(0)} ms, product CPU ${r.productCpuMsPerReply.toFixed(1)} ms a reply, box ${(r.boxBusy * 100).toFixed(0)}% busy, RSS ${Object.entries(
          r.rssMb,
        )
          .map(([k, v]) => `${k} ${v.toFixed(0)} MB`)
          .join(', ')}`,
      );
      // Higher rates only grow the backlog: the knee is found.
      if (!keepsUp(r) && !process.env.CAPACITY_PAST_KNEE) break;
    }
    return results;
  } finally {
    await running?.stop();
    await sandbox.app.close();
    await redis?.release();
    await database.drop();
  }
}

const keepsUp = (r: StepResult) =>
  r.replied >= r.sent * KEEPS_UP_SHARE && r.p99 <= P99_BUDGET_MS && r.lost === 0;

export async function benchCapacity(): Promise<Figure[]> {
  const modes = (process.env.CAPACITY_MODES ?? 'embedded,distributed').split(',') as Mode[];
  const rates = numberList(process.env.CAPACITY_RATES, [10, 25, 50, 100, 150]);
  const seconds = Number(process.env.CAPACITY_STEP_SECONDS ?? 60);
  const shops = Number(process.env.CAPACITY_SHOPS ?? 20);
  const workers = Number(process.env.CAPACITY_WORKERS ?? 2);
  const figures: Figure[] = [];
  const sustained: Partial<Record<Mode, number>> = {};
  for (const mode of modes) {
    const results = await runMode(mode, rates, seconds, shops, workers);
    const held = results.filter(keepsUp);
    const knee = results.find((r) => !keepsUp(r));
    sustained[mode] = held.at(-1)?.offered ?? 0;
    const budget = mode === 'embedded' ? 100 : 150;
    figures.push(
      {
        name: `${mode}: highest rate kept up (${seconds} s steps)`,
        value: sustained[mode]!,
        unit: '/s',
        budget,
        kind: 'min',
      },
      { name: `${mode}: knee (first rate not kept up, 0 = none)`, value: knee?.offered ?? 0, unit: '/s' },
      ...results.flatMap((r) => [
        { name: `${mode} ${r.offered}/s: reply p50`, value: r.p50, unit: 'ms' },
        { name: `${mode} ${r.offered}/s: reply p99`, value: r.p99, unit: 'ms', budget: P99_BUDGET_MS },
        {
          name: `${mode} ${r.offered}/s: product CPU per reply (all its processes)`,
          value: r.productCpuMsPerReply,
          unit: 'ms',
        },
        { name: `${mode} ${r.offered}/s: box busy (both cores)`, value: r.boxBusy * 100, unit: '%' },
        {
          name: `${mode} ${r.offered}/s: peak RSS of one process`,
          value: Math.max(...Object.values(r.rssMb)),
          unit: 'MB',
        },
      ]),
      {
        name: `${mode}: replies lost`,
        value: results.reduce((n, r) => n + r.lost, 0),
        unit: '',
        budget: 0,
      },
      {
        name: `${mode}: replies doubled`,
        value: results.reduce((n, r) => n + r.doubled, 0),
        unit: '',
        budget: 0,
      },
    );
  }
  if (sustained.embedded && sustained.distributed !== undefined)
    figures.push({
      name: 'distributed / embedded sustained rate (ratio)',
      value: sustained.distributed / sustained.embedded,
      unit: '×',
    });
  const broken = figures.filter((f) => /lost|doubled/.test(f.name) && f.value > 0);
  if (broken.length) {
    for (const f of broken) console.log(`  ${f.name}: ${f.value}`);
    throw new Error('capacity: replies were lost or doubled');
  }
  return figures;
}
