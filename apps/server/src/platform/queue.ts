import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/** A typed job: name, payload schema (validated on enqueue), retry policy and handler. */
export interface JobDefinition<P = unknown> {
  name: string;
  schema: z.ZodType<P>;
  attempts?: number;
  backoffMs?: number;
  handle(payload: P): Promise<void>;
}

export interface EnqueueOptions {
  /** Jobs with the same id are only queued once while the first is known. */
  jobId?: string;
  delayMs?: number;
}

export interface Queue {
  register(definitions: JobDefinition<unknown>[]): void;
  enqueue<P>(definition: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Runs a job every `everyMs` (a single schedule across processes in distributed mode). */
  every<P>(definition: JobDefinition<P>, everyMs: number, payload: P): Promise<void>;
  /** Start consuming jobs in this process. */
  startWorker(): Promise<void>;
  /** Resolves once no job is waiting, delayed or running (tests and benchmarks). */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const defineJob = <P>(definition: JobDefinition<P>) => definition;

const DEFAULT_ATTEMPTS = 5;
const DEFAULT_BACKOFF_MS = 1000;
const backoff = (base: number, attempt: number) => base * 2 ** (attempt - 1);

/** Embedded mode: jobs run in this process, with the same validation and retry policy as BullMQ. */
export function createInProcessQueue(log: FastifyBaseLogger, concurrency = 4): Queue {
  const definitions = new Map<string, JobDefinition<unknown>>();
  const seenIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const waiting: (() => Promise<void>)[] = [];
  let running = 0;
  let delayed = 0;
  let started = false;
  let closed = false;
  let idleWaiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running === 0 && delayed === 0 && waiting.length === 0) {
      for (const resolve of idleWaiters) resolve();
      idleWaiters = [];
    }
  };
  const pump = () => {
    while (started && !closed && running < concurrency && waiting.length > 0) {
      const task = waiting.shift()!;
      running++;
      void task().finally(() => {
        running--;
        pump();
        settleIdle();
      });
    }
    settleIdle();
  };
  const later = (ms: number, fn: () => void) => {
    delayed++;
    const timer = setTimeout(() => {
      timers.delete(timer);
      delayed--;
      fn();
    }, ms);
    timers.add(timer);
  };
  const run = <P>(definition: JobDefinition<P>, payload: P, attempt: number): void => {
    waiting.push(async () => {
      try {
        await definition.handle(payload);
      } catch (error) {
        const attempts = definition.attempts ?? DEFAULT_ATTEMPTS;
        if (attempt < attempts && !closed) {
          log.warn({ err: error, job: definition.name, attempt }, 'job failed, retrying');
          later(backoff(definition.backoffMs ?? DEFAULT_BACKOFF_MS, attempt), () =>
            run(definition, payload, attempt + 1),
          );
        } else {
          log.error({ err: error, job: definition.name, attempt }, 'job failed for good');
        }
      }
    });
    pump();
  };

  return {
    register(list) {
      for (const d of list) definitions.set(d.name, d);
    },
    async enqueue(definition, payload, options) {
      const parsed = definition.schema.parse(payload);
      if (options?.jobId) {
        const key = `${definition.name}:${options.jobId}`;
        if (seenIds.has(key)) return;
        seenIds.add(key);
        if (seenIds.size > 100_000) seenIds.delete(seenIds.values().next().value as string);
      }
      if (options?.delayMs) later(options.delayMs, () => run(definition, parsed, 1));
      else run(definition, parsed, 1);
    },
    async every(definition, everyMs, payload) {
      const tick = () => {
        if (closed) return;
        run(definition, payload, definition.attempts ?? DEFAULT_ATTEMPTS);
        const timer = setTimeout(() => {
          timers.delete(timer);
          tick();
        }, everyMs);
        timer.unref();
        timers.add(timer);
      };
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick();
      }, everyMs);
      timer.unref();
      timers.add(timer);
    },
    async startWorker() {
      started = true;
      pump();
    },
    idle(timeoutMs = 15_000) {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('queue did not become idle')), timeoutMs);
        idleWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
        settleIdle();
      });
    },
    async close() {
      closed = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
      delayed = 0;
      waiting.length = 0;
      const deadline = Date.now() + 5000;
      while (running > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      settleIdle();
    },
  };
}
