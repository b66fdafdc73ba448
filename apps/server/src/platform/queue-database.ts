import { and, eq, inArray, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { deadJobs, jobs } from '../db/schema.ts';
import {
  type BoundJob,
  backoffDelay,
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

/** A job whose process died is taken up again once its lease runs out. */
const LEASE_MS = 15 * 60_000;
/** Jobs due in the future (retries, delays) and those enqueued by another process are found by polling. */
const POLL_MS = 1000;

/** Embedded defaults: as many reply jobs as before lanes (4), and one bulk job at a time. */
export const EMBEDDED_LANES: LaneConcurrency = { reply: 4, bulk: 1 };

/**
 * Embedded mode (no REDIS_URL): jobs are rows of the application's own database and run in this
 * process, with the same validation and retry policy as BullMQ. A crash loses nothing: at start the
 * jobs the previous process was running are queued again (handlers are idempotent, as with BullMQ's
 * stalled jobs), and a job that fails for good moves to `dead_jobs`.
 * Lanes: the reply lane is claimed first and has its own slots; the bulk lane runs at most
 * `lanes.bulk` jobs at once, so bulk work queued ahead of a reply never holds the reply's slot.
 */
export function createDatabaseQueue(
  db: Db,
  log: QueueLog,
  options: { lanes?: Partial<LaneConcurrency>; pollMs?: number } = {},
): Queue {
  const lanes: LaneConcurrency = { ...EMBEDDED_LANES, ...options.lanes };
  const pollMs = options.pollMs ?? POLL_MS;
  const bound = new Map<string, BoundJob>();
  const names: Record<Lane, string[]> = { reply: [], bulk: [] };
  const schedules = new Set<NodeJS.Timeout>();
  const running: Record<Lane, number> = { reply: 0, bulk: 0 };
  // Whether a lane may have due jobs: an empty claim clears it, an enqueue, a retry or the poll sets
  // it, so a finished job does not cost a claim of a lane with nothing waiting. `seen` tells a claim
  // that an enqueue happened while it ran (then its empty answer proves nothing).
  const maybeDue: Record<Lane, boolean> = { reply: true, bulk: true };
  const seen: Record<Lane, number> = { reply: 0, bulk: 0 };
  const wake = (lane: Lane) => {
    maybeDue[lane] = true;
    seen[lane]++;
  };
  let started = false;
  let closed = false;
  let pumping: Promise<void> | null = null;
  let again = false;
  let pollTimer: NodeJS.Timeout | undefined;
  // Every job runs these two (a shopper message about four jobs): built and prepared once.
  const insertClaimed = db
    .insert(jobs)
    .values({
      name: sql.placeholder('name'),
      payload: sql.placeholder('payload'),
      key: sql.placeholder('key'),
      runAt: sql.placeholder('runAt'),
      maxAttempts: sql.placeholder('maxAttempts'),
      state: 'running',
      attempts: 1,
      lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
    })
    .onConflictDoNothing({ target: jobs.key })
    .returning()
    .prepare('queue_insert_claimed');
  const finish = db
    .delete(jobs)
    .where(eq(jobs.id, sql.placeholder('id')))
    .prepare('queue_finish');

  async function claim(lane: Lane, limit: number) {
    const due = db
      .select({ id: jobs.id })
      .from(jobs)
      .where(
        and(
          inArray(jobs.name, names[lane]),
          or(
            and(eq(jobs.state, 'waiting'), lte(jobs.runAt, sql`now()`)),
            and(eq(jobs.state, 'running'), lte(jobs.lockedUntil, sql`now()`)),
          ),
        ),
      )
      .orderBy(jobs.runAt, jobs.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(jobs)
      .set({
        state: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`,
      })
      .where(inArray(jobs.id, due))
      .returning();
  }

  async function execute(row: typeof jobs.$inferSelect) {
    const job = bound.get(row.name)!;
    try {
      await runJob(job, row.payload);
      await finish.execute({ id: row.id });
    } catch (error) {
      if (row.attempts < row.maxAttempts && !closed) {
        log.warn({ err: error, job: row.name, attempt: row.attempts }, 'job failed, retrying');
        const delay = backoffDelay(job.definition.backoffMs ?? DEFAULT_BACKOFF_MS, row.attempts);
        await db
          .update(jobs)
          .set({
            state: 'waiting',
            runAt: new Date(Date.now() + delay),
            lockedUntil: null,
            lastError: errorText(error),
          })
          .where(eq(jobs.id, row.id));
        wake(laneOf(job.definition));
        schedulePoll(delay);
      } else if (!closed) {
        log.error({ err: error, job: row.name, attempt: row.attempts }, 'job failed for good');
        await db.transaction(async (tx) => {
          await tx.insert(deadJobs).values({
            name: row.name,
            payload: row.payload,
            attempts: row.attempts,
            error: errorText(error),
          });
          await tx.delete(jobs).where(eq(jobs.id, row.id));
        });
      }
    }
  }

  /** Claims what one lane has room for; answers how many jobs it started. */
  async function fill(lane: Lane) {
    const free = lanes[lane] - running[lane];
    if (free <= 0 || !maybeDue[lane] || names[lane].length === 0) return 0;
    const before = seen[lane];
    const rows = await claim(lane, free);
    if (rows.length < free && seen[lane] === before) maybeDue[lane] = false;
    for (const row of rows) {
      running[lane]++;
      start(lane, row);
    }
    return rows.length;
  }

  /** Runs a claimed job whose slot is already counted in `running`; the slot is given back after. */
  function start(lane: Lane, row: typeof jobs.$inferSelect) {
    void execute(row)
      .catch((error) => log.error({ err: error, job: row.name }, 'job bookkeeping failed'))
      .finally(() => {
        running[lane]--;
        pump();
      });
  }

  async function pumpOnce() {
    // The reply lane first: its jobs start before any bulk job claimed in the same round.
    while (started && !closed) {
      const startedNow = (await fill('reply')) + (closed ? 0 : await fill('bulk'));
      if (startedNow === 0) break;
    }
  }

  /** Claims what is due; calls made while a claim runs are folded into one more round. */
  function pump() {
    if (!started || closed || bound.size === 0) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((error) => log.error({ err: error }, 'job queue could not claim jobs'))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          pump();
        }
      });
  }

  function schedulePoll(delayMs = pollMs) {
    if (closed) return;
    if (pollTimer) clearTimeout(pollTimer);
    pollTimer = setTimeout(
      () => {
        pollTimer = undefined;
        // Jobs come due (delays) or are queued by another process (a dead-jobs retry): look again.
        for (const lane of LANES) wake(lane);
        pump();
        schedulePoll();
      },
      Math.min(delayMs, pollMs),
    );
    pollTimer.unref();
  }

  async function pending() {
    const names = [...bound.keys()];
    if (names.length === 0) return 0;
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(jobs)
      .where(inArray(jobs.name, names));
    return row?.count ?? 0;
  }

  /**
   * Whether a job enqueued now may be inserted already claimed and started at once, instead of
   * waiting for a claim: this process runs its name, its lane has a free slot, nothing is known to
   * wait in the lane ahead of it, and no claim is under way (which counted the free slots already).
   */
  const startsAtOnce = (lane: Lane, name: string, due: boolean) =>
    due &&
    started &&
    !closed &&
    !pumping &&
    !maybeDue[lane] &&
    bound.has(name) &&
    running[lane] < lanes[lane];

  const enqueue: Queue['enqueue'] = async (definition, payload, enqueueOptions) => {
    const parsed = definition.schema.parse(payload);
    const lane = laneOf(definition);
    const due = !(enqueueOptions?.delayMs && enqueueOptions.delayMs > 0);
    const row = {
      name: definition.name,
      payload: parsed as object,
      key: enqueueOptions?.jobId ? `${definition.name}:${enqueueOptions.jobId}` : null,
      runAt: new Date(Date.now() + (enqueueOptions?.delayMs ?? 0)),
      maxAttempts: definition.attempts ?? DEFAULT_ATTEMPTS,
    };
    if (startsAtOnce(lane, definition.name, due)) {
      // Claimed as it is written (as `claim` would set it): one statement a job fewer, and no claim
      // round trip between the enqueue and the start. The slot is taken before the insert.
      running[lane]++;
      let claimed: (typeof jobs.$inferSelect)[];
      try {
        claimed = await insertClaimed.execute(row);
      } catch (error) {
        running[lane]--;
        throw error;
      }
      if (claimed[0]) start(lane, claimed[0]);
      else {
        // Its job id is still queued: dropped, as below.
        running[lane]--;
        pump();
      }
      return;
    }
    await db.insert(jobs).values(row).onConflictDoNothing({ target: jobs.key });
    if (due) wake(lane);
    pump();
  };

  return {
    register(list) {
      for (const job of list) {
        const lane = laneOf(job.definition);
        if (!bound.has(job.definition.name)) names[lane].push(job.definition.name);
        bound.set(job.definition.name, job);
        wake(lane);
      }
    },
    enqueue,
    async every(definition, everyMs, payload) {
      // One run at a time: the key holds while a run is unfinished, so slow runs never pile up.
      const tick = () => {
        if (closed) return;
        void enqueue(definition, payload, { jobId: 'every' }).catch((error) =>
          log.error({ err: error, job: definition.name }, 'scheduled job could not be queued'),
        );
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      schedules.add(timer);
    },
    async retire(names) {
      // Schedules live in this process only; runs an earlier version queued wait in the table.
      if (names.length > 0) await db.delete(jobs).where(inArray(jobs.name, names));
    },
    async startWorker() {
      // This process is the only consumer of an embedded queue: what a crashed predecessor was
      // running is due again now, not when its lease runs out.
      await db
        .update(jobs)
        .set({ state: 'waiting', lockedUntil: null, runAt: sql`now()` })
        .where(eq(jobs.state, 'running'));
      started = true;
      pump();
      schedulePoll();
    },
    async idle(timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        // A job's row lives until it is finished (or dead): no rows, nothing waiting or running.
        // A claim still in flight has not yet said whether it found anything: not idle until it has.
        if (running.reply + running.bulk === 0 && !pumping && (await pending()) === 0) return;
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error('queue did not become idle');
    },
    async close() {
      closed = true;
      for (const t of schedules) clearInterval(t);
      schedules.clear();
      if (pollTimer) clearTimeout(pollTimer);
      const deadline = Date.now() + 5000;
      while ((running.reply + running.bulk > 0 || pumping) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 10));
    },
  };
}
