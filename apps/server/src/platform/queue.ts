import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';

/**
 * A typed job: name, payload schema (validated on enqueue) and retry policy. Features export their
 * definitions and enqueue them directly; the handlers are bound in one registration (`jobs.ts`).
 */
export interface JobDefinition<P = unknown> {
  name: string;
  schema: z.ZodType<P>;
  attempts?: number;
  backoffMs?: number;
  /**
   * Which lane runs it (decision in OPERATIONS.md "Lanes"): `reply` for the work a shopper's reply
   * waits on (processing a push, answering, sending) and the small sweeps that only queue such work
   * again; everything else is `bulk` (the default), which has its own small concurrency and is
   * claimed after the reply lane, so an import, a rollup or a test run never holds the slots replies
   * need. A job that forgets its lane lands in bulk: it runs later, but cannot starve replies.
   */
  lane?: Lane;
}

export type Lane = 'reply' | 'bulk';
export const LANES: readonly Lane[] = ['reply', 'bulk'];
export const laneOf = (definition: Pick<JobDefinition, 'lane'>): Lane => definition.lane ?? 'bulk';

/** How many jobs of each lane one process runs at once. */
export type LaneConcurrency = Record<Lane, number>;

export type JobHandler<P> = (payload: P) => Promise<void>;

export interface EnqueueOptions {
  /** Jobs with the same id are queued once while the first is unfinished. */
  jobId?: string;
  delayMs?: number;
}

export interface Queue {
  /** The jobs this process can run (API and worker processes alike). */
  register(jobs: BoundJob[]): void;
  enqueue<P>(definition: JobDefinition<P>, payload: P, options?: EnqueueOptions): Promise<void>;
  /** Runs a job every `everyMs` (a single schedule across processes in distributed mode). */
  every<P>(definition: JobDefinition<P>, everyMs: number, payload: P): Promise<void>;
  /** Removes the schedules and waiting runs of jobs that no longer exist (an earlier version's). */
  retire(names: string[]): Promise<void>;
  /** Start consuming jobs in this process. */
  startWorker(): Promise<void>;
  /** Resolves once no job is waiting, delayed or running (tests and benchmarks). */
  idle(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export const defineJob = <P>(definition: JobDefinition<P>) => definition;

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 1000;
export const backoffDelay = (base: number, attempt: number) => base * 2 ** (attempt - 1);

/** A definition with its handler: what `jobs.ts` registers. */
export interface BoundJob {
  definition: JobDefinition<unknown>;
  handler: JobHandler<unknown>;
}

export const bindJob = <P>(definition: JobDefinition<P>, handler: JobHandler<P>): BoundJob => ({
  definition: definition as JobDefinition<unknown>,
  handler: handler as JobHandler<unknown>,
});

/** Runs a bound job's handler on a payload read back from storage (validated again). */
export async function runJob(bound: BoundJob, payload: unknown) {
  await bound.handler(bound.definition.schema.parse(payload));
}

export const errorText = (error: unknown) =>
  (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 2000);

export type QueueLog = Pick<FastifyBaseLogger, 'warn' | 'error' | 'info'>;
