import { Queue as BullQueue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { deadJobs } from '../db/schema.ts';
import {
  type BoundJob,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  errorText,
  LANES,
  type Lane,
  type LaneConcurrency,
  laneOf,
  type Queue,
  type QueueLog,
  runJob,
} from './queue.ts';

/**
 * Distributed defaults per worker process: reply jobs as many as before lanes (8: they mostly wait
 * on PostgreSQL, Redis and the platforms), bulk one (knowledge files share one ingestion thread per
 * process, and a rollup or test run is CPU on the worker's event loop, the replies' too).
 */
export const DISTRIBUTED_LANES: LaneConcurrency = { reply: 8, bulk: 1 };

/** The BullMQ queue of each lane. `balas` is the queue of before lanes: replies keep its name. */
export const laneQueueName: Record<Lane, string> = { reply: 'balas', bulk: 'balas-bulk' };

/**
 * Distributed mode: BullMQ on Redis; any process may enqueue, worker processes consume. Each lane is
 * a queue of its own with its own worker and concurrency, so bulk jobs waiting or running never take
 * a reply job's place.
 */
export function createBullQueue(options: {
  redisUrl: string;
  prefix: string;
  log: QueueLog;
  /** Where jobs that failed for good are kept, as in embedded mode. */
  db: Db;
  lanes?: Partial<LaneConcurrency>;
}): Queue {
  const lanes: LaneConcurrency = { ...DISTRIBUTED_LANES, ...options.lanes };
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queues: Record<Lane, BullQueue> = {
    reply: new BullQueue(laneQueueName.reply, { connection, prefix: options.prefix }),
    bulk: new BullQueue(laneQueueName.bulk, { connection, prefix: options.prefix }),
  };
  const bound = new Map<string, BoundJob>();
  const workers: Worker[] = [];

  function startLane(lane: Lane) {
    const worker = new Worker(
      laneQueueName[lane],
      async (job) => {
        const target = bound.get(job.name);
        if (!target) throw new Error(`No handler for job ${job.name}`);
        await runJob(target, job.data);
      },
      { connection: connection.duplicate(), prefix: options.prefix, concurrency: lanes[lane] },
    );
    worker.on('failed', (job, err) => {
      if (!job) return;
      const forGood = job.attemptsMade >= (job.opts.attempts ?? 1);
      if (!forGood) {
        options.log.warn({ err, job: job.name, attempt: job.attemptsMade }, 'job failed, retrying');
        return;
      }
      options.log.error({ err, job: job.name, attempt: job.attemptsMade }, 'job failed for good');
      void options.db
        .insert(deadJobs)
        .values({ name: job.name, payload: job.data, attempts: job.attemptsMade, error: errorText(err) })
        .catch((error) => options.log.error({ err: error }, 'dead job could not be recorded'));
    });
    worker.on('error', (err) => options.log.error({ err }, 'worker error'));
    workers.push(worker);
    return worker.waitUntilReady();
  }

  return {
    register(list) {
      for (const job of list) bound.set(job.definition.name, job);
    },
    async enqueue(definition, payload, enqueueOptions) {
      const parsed = definition.schema.parse(payload);
      await queues[laneOf(definition)].add(definition.name, parsed, {
        jobId: enqueueOptions?.jobId
          ? `${definition.name}:${enqueueOptions.jobId}`.replaceAll(':', '-')
          : undefined,
        delay: enqueueOptions?.delayMs,
        attempts: definition.attempts ?? DEFAULT_ATTEMPTS,
        backoff: { type: 'exponential', delay: definition.backoffMs ?? DEFAULT_BACKOFF_MS },
        // A finished job frees its id at once: the same work may be queued again later (a sweep
        // re-deriving what is unfinished), as in embedded mode.
        removeOnComplete: true,
        removeOnFail: true,
      });
    },
    async every(definition, everyMs, payload) {
      const lane = laneOf(definition);
      await queues[lane].upsertJobScheduler(
        definition.name,
        { every: everyMs },
        { name: definition.name, data: definition.schema.parse(payload), opts: { attempts: 1 } },
      );
      // A schedule made before lanes (all in `balas`) or before the job changed lane: one schedule only.
      for (const other of LANES) if (other !== lane) await queues[other].removeJobScheduler(definition.name);
    },
    async retire(names) {
      for (const name of names)
        for (const lane of LANES) {
          await queues[lane].removeJobScheduler(name);
          const waiting = await queues[lane].getJobs(['waiting', 'delayed', 'prioritized']);
          for (const job of waiting) if (job.name === name) await job.remove();
        }
    },
    async startWorker() {
      // A worker process consumes both lanes, each with its own concurrency (a lane set to 0 is left
      // to other workers); a job queued in a lane's queue before its job changed lane still runs
      // (any bound name runs in either).
      await Promise.all(LANES.filter((lane) => lanes[lane] > 0).map(startLane));
    },
    async idle(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const counts = await Promise.all(
          LANES.map((lane) =>
            queues[lane].getJobCounts('waiting', 'active', 'delayed', 'prioritized', 'waiting-children'),
          ),
        );
        if (counts.every((c) => Object.values(c).every((n) => n === 0))) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('queue did not become idle');
    },
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all(LANES.map((lane) => queues[lane].close()));
      connection.disconnect();
    },
  };
}
