import { Queue as BullQueue, Worker } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { JobDefinition, Queue } from './queue.ts';

/** Distributed mode: BullMQ on Redis; any process may enqueue, worker processes consume. */
export function createBullQueue(options: {
  redisUrl: string;
  prefix: string;
  log: FastifyBaseLogger;
  concurrency?: number;
}): Queue {
  const connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queueName = 'balas';
  const queue = new BullQueue(queueName, { connection, prefix: options.prefix });
  const definitions = new Map<string, JobDefinition<unknown>>();
  let worker: Worker | undefined;

  return {
    register(list) {
      for (const d of list) definitions.set(d.name, d);
    },
    async enqueue(definition, payload, enqueueOptions) {
      const parsed = definition.schema.parse(payload);
      await queue.add(definition.name, parsed, {
        jobId: enqueueOptions?.jobId
          ? `${definition.name}:${enqueueOptions.jobId}`.replaceAll(':', '-')
          : undefined,
        delay: enqueueOptions?.delayMs,
        attempts: definition.attempts ?? 5,
        backoff: { type: 'exponential', delay: definition.backoffMs ?? 1000 },
        removeOnComplete: { count: 1000, age: 24 * 3600 },
        removeOnFail: { count: 5000 },
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
          const definition = definitions.get(job.name);
          if (!definition) throw new Error(`No handler for job ${job.name}`);
          await definition.handle(definition.schema.parse(job.data));
        },
        { connection: connection.duplicate(), prefix: options.prefix, concurrency: options.concurrency ?? 8 },
      );
      worker.on('failed', (job, err) =>
        options.log.warn({ err, job: job?.name, attempt: job?.attemptsMade }, 'job failed'),
      );
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
