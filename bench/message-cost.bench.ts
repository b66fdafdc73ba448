import { loadConfig } from '../apps/server/src/config.ts';
import { claimRedisDatabase } from '../apps/server/src/test/processes.ts';
import { freePort } from '../e2e/support/server.ts';
import {
  cpuMs,
  type Fleet,
  prepareBenchShops,
  QUESTIONS,
  sleep,
  startBenchSandbox,
  startFleet,
} from './fleet.ts';
import { createBenchDatabase, type Figure } from './support.ts';
import { startWireCounter, type WireCounts } from './wire-counter.ts';

/**
 * The cost of one shopper message (issue 29.1), push → store → job → answer → send → realtime,
 * measured one message at a time after a warm-up, so that nothing else runs:
 *   embedded     one `main.js` on PGlite: its CPU time per message;
 *   distributed  one API process and one worker on PostgreSQL + Redis, each reached through a
 *                counting proxy (`wire-counter.ts`): CPU time per process (the API takes the push,
 *                the worker runs the jobs), PostgreSQL statements and round trips, Redis commands,
 *                bytes each way, and the statements sent most often per message.
 * MESSAGE_COST_MESSAGES (default 40) messages are measured, after 10 to warm up;
 * MESSAGE_COST_MODES=embedded measures the embedded process only (no PostgreSQL or Redis needed);
 * MESSAGE_COST_TOP (default 25) statements are listed.
 */

const WARM_UP = 10;
const SETTLE_MS = 400;

interface Measured {
  messages: number;
  cpu: Record<string, number>;
  postgres?: WireCounts;
  redis?: WireCounts;
}

async function measure(mode: 'embedded' | 'distributed', messages: number): Promise<Measured> {
  const outer = loadConfig(process.env);
  const database = await createBenchDatabase(mode === 'distributed');
  const redis =
    mode === 'distributed'
      ? await claimRedisDatabase(outer.redisUrl ?? 'redis://127.0.0.1:6379', 'balas-bench:cost:claim')
      : undefined;
  const pgCounter = database.url
    ? await startWireCounter('postgres', {
        host: new URL(database.url).hostname,
        port: Number(new URL(database.url).port || 5432),
      })
    : undefined;
  const redisCounter = redis
    ? await startWireCounter('redis', {
        host: new URL(redis.url).hostname,
        port: Number(new URL(redis.url).port || 6379),
      })
    : undefined;
  const through = (url: string, port: number) => {
    const u = new URL(url);
    u.host = `127.0.0.1:${port}`;
    return u.toString();
  };
  const entryPort = await freePort();
  const { sandbox, url: sandboxUrl, ids } = await startBenchSandbox(`http://127.0.0.1:${entryPort}`, 1);
  let fleet: Fleet | undefined;
  try {
    fleet = await startFleet({
      apis: mode === 'embedded' ? 0 : 1,
      workers: mode === 'embedded' ? 0 : 1,
      entryPort,
      dataDir: database.dataDir,
      sandboxUrl,
      env: {
        ...(database.url && pgCounter ? { DATABASE_URL: through(database.url, pgCounter.port) } : {}),
        ...(redis && redisCounter ? { REDIS_URL: through(redis.url, redisCounter.port) } : {}),
      },
      answersPerHour: 100_000,
    });
    await prepareBenchShops(fleet.entry, sandboxUrl, ids);
    const data = sandbox.state.data.shopee;
    const ask = async (i: number) => {
      const buyer = `8${String(i).padStart(7, '0')}`;
      data.buyers.push({ id: buyer, name: `Shopper ${buyer}` });
      const { conversationId } = await sandbox.shopperSend({
        platform: 'shopee',
        shopId: ids[0]!,
        buyerId: buyer,
        text: QUESTIONS[i % QUESTIONS.length]!,
      });
      const conversation = data.conversations.find((c) => c.id === conversationId)!;
      const deadline = Date.now() + 30_000;
      while (!conversation.messages.some((m) => m.from === 'shop')) {
        if (Date.now() > deadline) throw new Error(`message ${i} was not answered`);
        await sleep(5);
      }
      // What follows the reply (realtime, rollups' marks) finishes too.
      await sleep(SETTLE_MS);
    };
    for (let i = 0; i < WARM_UP; i++) await ask(i);
    pgCounter?.reset();
    redisCounter?.reset();
    const before = Object.fromEntries(Object.entries(fleet.pids).map(([k, pid]) => [k, cpuMs(pid)]));
    for (let i = 0; i < messages; i++) await ask(WARM_UP + i);
    const cpu = Object.fromEntries(
      Object.entries(fleet.pids).map(([k, pid]) => [k, (cpuMs(pid) - before[k]!) / messages]),
    );
    return {
      messages,
      cpu,
      ...(pgCounter ? { postgres: pgCounter.counts() } : {}),
      ...(redisCounter ? { redis: redisCounter.counts() } : {}),
    };
  } finally {
    await fleet?.stop();
    await sandbox.app.close();
    await pgCounter?.close();
    await redisCounter?.close();
    await redis?.release();
    await database.drop();
  }
}

function printTop(title: string, counts: WireCounts, messages: number, top = 25) {
  console.log(`  ${title}, per message (most sent first):`);
  for (const [statement, n] of [...counts.byStatement].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`    ${(n / messages).toFixed(2).padStart(6)}  ${statement}`);
}

export async function benchMessageCost(): Promise<Figure[]> {
  const messages = Number(process.env.MESSAGE_COST_MESSAGES ?? 40);
  const figures: Figure[] = [];
  const embedded = await measure('embedded', messages);
  figures.push({ name: 'embedded: CPU per message (one process)', value: embedded.cpu.server!, unit: 'ms' });
  if (process.env.MESSAGE_COST_MODES === 'embedded') return figures;
  const distributed = await measure('distributed', messages);
  const per = (n: number) => n / messages;
  const { postgres, redis } = distributed;
  figures.push(
    { name: 'distributed: API process CPU per message', value: distributed.cpu['api 1']!, unit: 'ms' },
    { name: 'distributed: worker CPU per message', value: distributed.cpu['worker 1']!, unit: 'ms' },
    {
      name: 'distributed / embedded CPU per message (ratio)',
      value: (distributed.cpu['api 1']! + distributed.cpu['worker 1']!) / embedded.cpu.server!,
      unit: '×',
    },
    { name: 'PostgreSQL statements per message', value: per(postgres!.statements), unit: '' },
    {
      name: 'PostgreSQL transactions per message',
      value: per(postgres!.byStatement.get('begin') ?? 0),
      unit: '',
    },
    { name: 'PostgreSQL round trips per message', value: per(postgres!.roundTrips), unit: '' },
    { name: 'PostgreSQL bytes sent per message', value: per(postgres!.bytesOut), unit: 'B' },
    { name: 'PostgreSQL bytes received per message', value: per(postgres!.bytesIn), unit: 'B' },
    { name: 'Redis commands per message', value: per(redis!.statements), unit: '' },
    { name: 'Redis client writes per message', value: per(redis!.roundTrips), unit: '' },
    { name: 'Redis bytes sent per message', value: per(redis!.bytesOut), unit: 'B' },
    { name: 'Redis bytes received per message', value: per(redis!.bytesIn), unit: 'B' },
  );
  printTop('PostgreSQL statements', postgres!, messages, Number(process.env.MESSAGE_COST_TOP ?? 25));
  printTop('Redis commands', redis!, messages, 15);
  return figures;
}
