import { Queue as BullQueue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { Db } from '../db/client.ts';
import { deadJobs } from '../db/schema.ts';
import {
  type BoundJob,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  errorText,
  type Queue,
  type QueueLog,
  runJob,
} from './queue.ts';

/** Distributed mode: BullMQ on Redis; any process may enqueue, worker processes consume. */
export function createBullQueue(options: {
  redisUrl: string;
  prefix: string;
  log: QueueLog;
  /** Where jobs that failed for good are kept, as in embedded mode. */
  db: Db;
  concurrency?: number;
}): Queue {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queueName = 'balas';
  const queue = new BullQueue(queueName, { connection, prefix: options.prefix });
  const bound = new Map<string, BoundJob>();
  let worker: Worker | undefined;

  return {
    register(list) {
      for (const job of list) bound.set(job.definition.name, job);
    },
    async enqueue(definition, payload, enqueueOptions) {
      const parsed = definition.schema.parse(payload);
      await queue.add(definition.name, parsed, {
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
      await queue.upsertJobScheduler(
        definition.name,
        { every: everyMs },
        { name: definition.name, data: definition.schema.parse(payload), opts: { attempts: 1 } },
      );
    },
    async startWorker() {
      worker = new Worker(
        queueName,
        async (job) => {
          const target = bound.get(job.name);
          if (!target) throw new Error(`No handler for job ${job.name}`);
          await runJob(target, job.data);
        },
        { connection: connection.duplicate(), prefix: options.prefix, concurrency: options.concurrency ?? 8 },
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
      await worker.waitUntilReady();
    },
    async idle(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const counts = await queue.getJobCounts(
          'waiting',
          'active',
          'delayed',
          'prioritized',
          'waiting-children',
        );
        if (Object.values(counts).every((n) => n === 0)) return;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error('queue did not become idle');
    },
    async close() {
      await worker?.close();
      await queue.close();
      connection.disconnect();
    },
  };
}
