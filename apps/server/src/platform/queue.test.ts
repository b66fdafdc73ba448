import { randomBytes } from 'node:crypto';
import { Queue as BullQueue } from 'bullmq';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { deadJobs, jobs } from '../db/schema.ts';
import { readDatabaseTemplate } from '../test/database-template.ts';
import { createTestDatabaseUrl } from '../test/test-app.ts';
import { bindJob, defineJob } from './queue.ts';
import { createBullQueue, laneQueueName } from './queue-bullmq.ts';
import { createDatabaseQueue } from './queue-database.ts';

const log = pino({ level: 'silent' });
let database: Database;
let drop: () => Promise<void>;

beforeAll(async () => {
  const url = await createTestDatabaseUrl();
  drop = url.drop;
  database = await openDatabase({
    databaseUrl: url.url,
    dataDir: null,
    startFrom: url.url ? undefined : readDatabaseTemplate(),
  });
});
afterAll(async () => {
  await database.close();
  await drop();
});

describe('embedded queue (jobs in the database)', () => {
  it('validates payloads on enqueue, retries failures and dedupes unfinished job ids', async () => {
    const queue = createDatabaseQueue(database.db, log);
    const seen: number[] = [];
    let failures = 2;
    const job = defineJob({ name: 'test.flaky', schema: z.object({ n: z.number() }), backoffMs: 1 });
    queue.register([
      bindJob(job, async ({ n }) => {
        if (failures-- > 0) throw new Error('transient');
        seen.push(n);
      }),
    ]);
    await queue.startWorker();
    await expect(queue.enqueue(job, { n: 'x' } as unknown as { n: number })).rejects.toThrow();
    await queue.enqueue(job, { n: 1 }, { jobId: 'a' });
    await queue.enqueue(job, { n: 1 }, { jobId: 'a' });
    await queue.idle();
    expect(seen).toEqual([1]);
    // Finished: the same id may be queued again (a sweep re-deriving unfinished work).
    await queue.enqueue(job, { n: 2 }, { jobId: 'a' });
    await queue.idle();
    expect(seen).toEqual([1, 2]);
    await queue.close();
  });

  it('moves a job that fails for good to the dead jobs, and the jobs behind it still run', async () => {
    const queue = createDatabaseQueue(database.db, log, { lanes: { bulk: 1 } });
    let calls = 0;
    const done: string[] = [];
    const broken = defineJob({
      name: 'test.broken',
      schema: z.object({ id: z.string() }),
      attempts: 3,
      backoffMs: 1,
    });
    const fine = defineJob({ name: 'test.fine', schema: z.object({ id: z.string() }) });
    queue.register([
      bindJob(broken, async () => {
        calls++;
        throw new Error('poison');
      }),
      bindJob(fine, async ({ id }) => {
        done.push(id);
      }),
    ]);
    await queue.startWorker();
    await queue.enqueue(broken, { id: 'p' });
    await queue.enqueue(fine, { id: 'after' });
    await queue.idle();
    expect(calls).toBe(3);
    expect(done).toEqual(['after']);
    const dead = await database.db.select().from(deadJobs);
    expect(dead).toMatchObject([{ name: 'test.broken', payload: { id: 'p' }, attempts: 3 }]);
    expect(dead[0]!.error).toMatch(/poison/);
    expect(await database.db.select().from(jobs)).toEqual([]);
    await queue.close();
  });

  it('resumes after a crash: jobs queued or running when the process died run in the next one', async () => {
    const definition = defineJob({ name: 'test.crash', schema: z.object({ n: z.number() }) });
    // The first process takes a job and dies while running it (its close never finishes the job).
    const first = createDatabaseQueue(database.db, log);
    let started!: () => void;
    const running = new Promise<void>((resolve) => {
      started = resolve;
    });
    first.register([
      bindJob(definition, () => {
        started();
        return new Promise<void>(() => {});
      }),
    ]);
    await first.startWorker();
    await first.enqueue(definition, { n: 1 });
    await running;
    await first.close();
    // A job queued while nobody consumed (enqueued by the API half of the dead process).
    const producer = createDatabaseQueue(database.db, log);
    await producer.enqueue(definition, { n: 2 });
    const left = await database.db.select({ state: jobs.state, payload: jobs.payload }).from(jobs);
    expect(left).toEqual(
      expect.arrayContaining([
        { state: 'running', payload: { n: 1 } },
        { state: 'waiting', payload: { n: 2 } },
      ]),
    );

    const second = createDatabaseQueue(database.db, log);
    const seen: number[] = [];
    second.register([bindJob(definition, async ({ n }) => void seen.push(n))]);
    await second.startWorker();
    await second.idle();
    expect(seen.sort()).toEqual([1, 2]);
    await second.close();
  });

  it('starts a job queued into a free lane as it writes it, with no claim statement after', async () => {
    // The database as the queue sees it, counting its updates (a claim is one; a retry another).
    let updates = 0;
    const counted = new Proxy(database.db, {
      get(target, property, receiver) {
        if (property === 'update') updates++;
        return Reflect.get(target, property, receiver);
      },
    });
    // No poll during the test: its claim (an update) would count, whenever its timer fired.
    const queue = createDatabaseQueue(counted, log, { lanes: { reply: 1 }, pollMs: 60_000 });
    const job = defineJob({ name: 'test.direct', schema: z.object({ n: z.number() }), lane: 'reply' });
    const release: (() => void)[] = [];
    const seen: number[] = [];
    const updatesBeforeStart: number[] = [];
    queue.register([
      bindJob(job, async ({ n }) => {
        seen.push(n);
        updatesBeforeStart.push(updates);
        await new Promise<void>((resolve) => release.push(resolve));
      }),
    ]);
    await queue.startWorker();
    await queue.idle(); // the start's first claim finds the lane empty
    updates = 0;
    await queue.enqueue(job, { n: 1 });
    const [row] = await database.db.select({ state: jobs.state, attempts: jobs.attempts }).from(jobs);
    expect(row).toEqual({ state: 'running', attempts: 1 });
    // The lane's one slot is taken: the next job waits for a claim, then runs.
    await queue.enqueue(job, { n: 2 });
    while (release.length === 0) await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([1]);
    release.shift()!();
    while (release.length === 0) await new Promise((r) => setTimeout(r, 5));
    release.shift()!();
    await queue.idle();
    expect(seen).toEqual([1, 2]);
    // No claim before the first job started; the second, queued behind it, was claimed.
    expect(updatesBeforeStart[0]).toBe(0);
    expect(updatesBeforeStart[1]).toBeGreaterThanOrEqual(1);
    await queue.close();
  });

  it('runs delayed jobs when they are due', async () => {
    const queue = createDatabaseQueue(database.db, log);
    const at: number[] = [];
    const job = defineJob({ name: 'test.delayed', schema: z.object({}) });
    queue.register([bindJob(job, async () => void at.push(Date.now()))]);
    await queue.startWorker();
    const start = Date.now();
    await queue.enqueue(job, {}, { delayMs: 300 });
    await queue.idle();
    expect(at[0]! - start).toBeGreaterThanOrEqual(290);
    await queue.close();
  });

  it('runs reply jobs beside bulk work: bulk jobs queued first never take the reply lane, and run one at a time', async () => {
    const queue = createDatabaseQueue(database.db, log, { lanes: { reply: 1, bulk: 1 } });
    const bulk = defineJob({ name: 'test.bulk', schema: z.object({ n: z.number() }) });
    const reply = defineJob({ name: 'test.reply', schema: z.object({ n: z.number() }), lane: 'reply' });
    const release: (() => void)[] = [];
    let bulkRunning = 0;
    let mostBulk = 0;
    const replied: number[] = [];
    queue.register([
      bindJob(bulk, async () => {
        bulkRunning++;
        mostBulk = Math.max(mostBulk, bulkRunning);
        await new Promise<void>((resolve) => release.push(resolve));
        bulkRunning--;
      }),
      bindJob(reply, async ({ n }) => void replied.push(n)),
    ]);
    await queue.startWorker();
    for (let n = 0; n < 4; n++) await queue.enqueue(bulk, { n });
    for (let n = 0; n < 3; n++) await queue.enqueue(reply, { n });
    const deadline = Date.now() + 5000;
    while (replied.length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    // Every reply ran while the first bulk job still held the bulk lane and three more waited.
    expect(replied.sort()).toEqual([0, 1, 2]);
    expect(release).toHaveLength(1);
    // Each bulk job is let go as it starts: the next one starts only after the one before ends.
    for (let released = 0; released < 4 && Date.now() < deadline + 10_000; ) {
      const next = release.shift();
      if (next) {
        next();
        released++;
      } else await new Promise((r) => setTimeout(r, 10));
    }
    await queue.idle();
    expect(mostBulk).toBe(1);
    await queue.close();
  });
});

// A job an earlier version scheduled, whose handler is gone.
const retiredSweep = defineJob({ name: 'test.retired-sweep', schema: z.object({}), attempts: 1 });

describe('retiring the jobs of an earlier version', () => {
  it('removes their queued runs from the embedded queue, and nothing else', async () => {
    const queue = createDatabaseQueue(database.db, log);
    const kept = defineJob({ name: 'test.kept', schema: z.object({}) });
    await queue.enqueue(retiredSweep, {});
    await queue.enqueue(kept, {});
    await queue.retire([retiredSweep.name]);
    const left = await database.db.select({ name: jobs.name }).from(jobs);
    expect(left.map((j) => j.name)).toContain(kept.name);
    expect(left.map((j) => j.name)).not.toContain(retiredSweep.name);
    await database.db.delete(jobs);
    await queue.close();
  });

  it.skipIf(!process.env.REDIS_URL)('removes their schedules and waiting runs from BullMQ', async () => {
    const redisUrl = process.env.REDIS_URL!;
    const prefix = `balas-test-${randomBytes(6).toString('hex')}`;
    const queue = createBullQueue({ redisUrl, prefix, log, db: database.db });
    await queue.every(retiredSweep, 60_000, {});
    await queue.enqueue(retiredSweep, {}, { delayMs: 60_000 });
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
    const bull = new BullQueue(laneQueueName.bulk, { connection, prefix });
    try {
      expect((await bull.getJobSchedulers()).map((s) => s.key)).toEqual([retiredSweep.name]);
      await queue.retire([retiredSweep.name]);
      expect(await bull.getJobSchedulers()).toEqual([]);
      expect(await bull.getJobs(['waiting', 'delayed', 'prioritized'])).toEqual([]);
    } finally {
      await bull.obliterate({ force: true });
      await bull.close();
      connection.disconnect();
      await queue.close();
    }
  });
});

describe('lane configuration', () => {
  it('reads the lanes from the environment and refuses a lane of 0 without Redis', () => {
    expect(loadConfig({ QUEUE_BULK_CONCURRENCY: '2' }).queueLanes).toEqual({ bulk: 2 });
    expect(loadConfig({}).queueLanes).toEqual({});
    expect(
      loadConfig({ QUEUE_REPLY_CONCURRENCY: '0', REDIS_URL: 'redis://127.0.0.1:6379' }).queueLanes,
    ).toEqual({ reply: 0 });
    expect(() => loadConfig({ QUEUE_BULK_CONCURRENCY: '0' })).toThrow(/lane of 0 needs REDIS_URL/);
    expect(() => loadConfig({ QUEUE_BULK_CONCURRENCY: 'many' })).toThrow(/QUEUE_BULK_CONCURRENCY/);
  });
});
