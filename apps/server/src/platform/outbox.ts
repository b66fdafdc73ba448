import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Database, Db } from '../db/client.ts';
import { deadJobs, outbox } from '../db/schema.ts';
import { type BoundJob, bindJob, defineJob, type JobDefinition, type Queue } from './queue.ts';
import { crashCutoff } from './recovery.ts';

/**
 * The transactional outbox (decision 0027). A feature writes a domain event ("this happened") in the
 * transaction that makes it true (`publish`); one relay moves events to the queue, as a job of the
 * kind's subscriber, right after the commit (`nudge`) and on a short poll; one sweeper relays again
 * the events whose job was lost and moves those past their attempts to the dead letters. The event's
 * key deduplicates it, and every subscriber is idempotent in the database, so an event relayed twice
 * does its effect once.
 */

/** A relayed event not acknowledged this long after lost its job (a crash, a flushed queue). */
export const OUTBOX_LOST_AFTER_MS = 60_000;
/** Relays of one event before it is given up as dead. */
export const OUTBOX_MAX_ATTEMPTS = 10;
/** How often each process looks for events another process wrote (its own are nudged at once). */
export const OUTBOX_POLL_MS = 1000;
const BATCH = 200;

/** Scheduled (and at start): events whose job was lost are relayed again, or given up. */
export const sweepOutboxJob = defineJob({
  name: 'outbox.sweep',
  lane: 'reply',
  schema: z.object({}),
  attempts: 1,
});

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface OutboxEvent {
  kind: string;
  /** Deduplicates the kind's events: one row per key while it is unacknowledged. */
  key: string;
  payload: Record<string, unknown>;
  /** Not relayed before this delay (a caller that does the work itself leaves the relay a margin). */
  delayMs?: number;
}

/**
 * Writes events in the caller's transaction. An event whose key is already waiting is left as it
 * is; with `rearm` it is made new again (its payload replaced, relayed again, its attempts reset), so that work made due
 * again while its job ran is not acknowledged by that job.
 */
export async function publish(tx: Tx | Db, events: OutboxEvent[], options: { rearm?: boolean } = {}) {
  if (events.length === 0) return;
  const rows = events.map((e) => ({
    kind: e.kind,
    key: e.key,
    payload: e.payload,
    nextAt: e.delayMs ? sql`now() + ${`${e.delayMs} milliseconds`}::interval` : sql`now()`,
  }));
  const insert = tx.insert(outbox).values(rows);
  await (options.rearm
    ? insert.onConflictDoUpdate({
        target: [outbox.kind, outbox.key],
        set: {
          payload: sql`excluded.payload`,
          createdAt: sql`now()`,
          nextAt: sql`excluded.next_at`,
          claimedAt: null,
          attempts: 0,
          deadAt: null,
          error: null,
        },
      })
    : insert.onConflictDoNothing({ target: [outbox.kind, outbox.key] }));
}

/** Removes events in the caller's transaction: the subscriber did their work in it. */
export async function acknowledge(tx: Tx | Db, kinds: string[], key: string) {
  await tx.delete(outbox).where(and(inArray(outbox.kind, kinds), eq(outbox.key, key)));
}

/**
 * Puts events back to wait, unclaimed, for `delayMs`: their job found the work held by another that
 * may have died, and comes back when that one would be given up (instead of waiting for the sweep).
 */
export async function postpone(tx: Tx | Db, kinds: string[], key: string, delayMs: number) {
  await tx
    .update(outbox)
    .set({
      claimedAt: null,
      nextAt: sql`now() + ${`${Math.max(1000, Math.round(delayMs))} milliseconds`}::interval`,
    })
    .where(and(inArray(outbox.kind, kinds), eq(outbox.key, key), isNull(outbox.deadAt)));
}

export interface Subscription<P> {
  /** The kinds of event the job subscribes to (one job may serve several). */
  kinds: string[];
  /** The job the event becomes; the event's payload is its payload, the event's key its job id. */
  job: JobDefinition<P>;
  keyOf: (payload: P) => string;
  /**
   * 'on-success': the relay's job removes the event once the handler returned (unless the event was
   * published again meanwhile). 'by-subscriber': the handler removes it with `acknowledge`, in the
   * transaction of its work; an event it leaves is relayed again once lost.
   */
  ack: 'on-success' | 'by-subscriber';
  handle: (payload: P) => Promise<void>;
  /** The event was given up: what its subscriber must leave right (nothing waits on it any more). */
  onDead?: (payload: P) => Promise<void>;
}

interface Route {
  subscription: Subscription<unknown>;
}

export function createOutbox(ctx: {
  config: Config;
  database: Database;
  queue: Queue;
  log: FastifyBaseLogger;
}) {
  const { db } = ctx.database;
  const startedAt = new Date();
  const routes = new Map<string, Route>();
  let running: Promise<number> | null = null;
  let again = false;
  let poll: NodeJS.Timeout | null = null;

  /**
   * Queues the claimed rows' jobs; a row whose enqueue failed is released for the next pass. Each
   * claim is a job of its own, with no job id: a queue drops a job whose id it still holds, so an
   * event relayed again while its previous job still ran (postponed, published again, swept) would
   * be lost until the sweep. The claim already keeps two relays of one event apart.
   */
  async function enqueueAll(rows: { id: number; kind: string; key: string; payload: unknown }[]) {
    for (const row of rows) {
      const route = routes.get(row.kind);
      if (!route) continue;
      try {
        await ctx.queue.enqueue(route.subscription.job, row.payload);
      } catch (error) {
        ctx.log.warn({ err: error, kind: row.kind, key: row.key }, 'outbox event not relayed yet');
        await db.update(outbox).set({ claimedAt: null }).where(eq(outbox.id, row.id));
      }
    }
  }

  /** Claims and queues events waiting to be relayed (several processes never take the same row). */
  async function relayOnce(): Promise<number> {
    const kinds = [...routes.keys()];
    if (kinds.length === 0) return 0;
    const kindList = sql.join(
      kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const claimed = (await db.execute(sql`update outbox set claimed_at = now(), attempts = attempts + 1
      where id in (select id from outbox
        where claimed_at is null and dead_at is null and next_at <= now() and kind in (${kindList})
        order by next_at limit ${BATCH} for update skip locked)
      returning id, kind, key, payload`)) as unknown as {
      rows: { id: string | number; kind: string; key: string; payload: unknown }[];
    };
    const rows = claimed.rows.map((r) => ({ ...r, id: Number(r.id) }));
    await enqueueAll(rows);
    return rows.length;
  }

  /** Relays until nothing waits; concurrent calls share one pass (and ask for one more). */
  function relay(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          for (;;) {
            const n = await relayOnce();
            total += n;
            if (n < BATCH) break;
          }
        } while (again);
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  }

  const service = {
    /**
     * A subscriber of one kind of event: the job it becomes, bound (the handler acknowledges the
     * event when the subscription says so). Register the result with the queue.
     */
    subscribe<P>(subscription: Subscription<P>): BoundJob {
      for (const kind of subscription.kinds) {
        routes.set(kind, { subscription: subscription as Subscription<unknown> });
      }
      const { kinds } = subscription;
      return bindJob(subscription.job, async (payload) => {
        if (subscription.ack === 'by-subscriber') {
          await subscription.handle(payload);
          return;
        }
        const key = subscription.keyOf(payload);
        const before = await db
          .select({ id: outbox.id, claimedAt: sql<string | null>`${outbox.claimedAt}::text` })
          .from(outbox)
          .where(and(inArray(outbox.kind, kinds), eq(outbox.key, key)));
        await subscription.handle(payload);
        // Published again while it ran (its claim changed): that one is relayed again.
        for (const row of before) {
          await db
            .delete(outbox)
            .where(
              and(
                eq(outbox.id, row.id),
                row.claimedAt === null
                  ? isNull(outbox.claimedAt)
                  : sql`${outbox.claimedAt} = ${row.claimedAt}::timestamptz`,
              ),
            );
        }
      });
    },

    /** After a commit that published events: relay them now (errors are logged; the poll retries). */
    nudge(): Promise<void> {
      return relay().then(
        () => undefined,
        (error: unknown) => ctx.log.warn({ err: error }, 'outbox relay failed'),
      );
    },

    relay,

    /**
     * Events relayed longer than LOST_AFTER ago (in embedded mode, any relayed before this process
     * started) lost their job: relayed again, or, past MAX attempts, dead (kept in `dead_jobs`, where
     * `npm run dead-jobs` lists and retries them). Returns how many were relayed again and how many died.
     * In embedded mode, events held back (`delayMs`, `postpone`) that were written before this process
     * started are due now: the caller that was doing their work died with the last process.
     */
    async sweep(): Promise<{ relayed: number; dead: number }> {
      const kinds = [...routes.keys()];
      if (kinds.length === 0) return { relayed: 0, dead: 0 };
      if (!ctx.config.redisUrl) {
        await db
          .update(outbox)
          .set({ nextAt: sql`now()` })
          .where(
            and(
              isNull(outbox.claimedAt),
              isNull(outbox.deadAt),
              inArray(outbox.kind, kinds),
              sql`${outbox.nextAt} > now()`,
              sql`${outbox.createdAt} < ${startedAt.toISOString()}::timestamptz`,
            ),
          );
        await relay();
      }
      const cutoff = crashCutoff(ctx.config, startedAt, OUTBOX_LOST_AFTER_MS);
      const lost = db
        .select({ id: outbox.id })
        .from(outbox)
        .where(
          and(
            isNotNull(outbox.claimedAt),
            isNull(outbox.deadAt),
            inArray(outbox.kind, kinds),
            sql`${outbox.claimedAt} < ${cutoff.toISOString()}::timestamptz`,
          ),
        )
        .limit(BATCH);
      const rows = await db
        .update(outbox)
        .set({ claimedAt: sql`now()`, attempts: sql`${outbox.attempts} + 1` })
        .where(inArray(outbox.id, lost))
        .returning({
          id: outbox.id,
          kind: outbox.kind,
          key: outbox.key,
          payload: outbox.payload,
          attempts: outbox.attempts,
        });
      const dead = rows.filter((r) => r.attempts > OUTBOX_MAX_ATTEMPTS);
      for (const row of dead) {
        const route = routes.get(row.kind)!;
        const error = `${row.kind} ${row.key}: still not done after ${OUTBOX_MAX_ATTEMPTS} relays`;
        ctx.log.error({ kind: row.kind, key: row.key }, 'an outbox event was given up');
        await db.transaction(async (tx) => {
          await tx.update(outbox).set({ deadAt: sql`now()`, error }).where(eq(outbox.id, row.id));
          await tx.insert(deadJobs).values({
            name: route.subscription.job.name,
            payload: row.payload,
            attempts: OUTBOX_MAX_ATTEMPTS,
            error,
          });
        });
        await route.subscription.onDead?.(route.subscription.job.schema.parse(row.payload));
      }
      await enqueueAll(rows.filter((r) => r.attempts <= OUTBOX_MAX_ATTEMPTS));
      return { relayed: rows.length - dead.length, dead: dead.length };
    },

    /** Polls for events of other processes until `stop` (the timer does not keep the process up). */
    start() {
      if (poll) return;
      poll = setInterval(() => service.nudge(), OUTBOX_POLL_MS);
      poll.unref();
      service.nudge();
    },
    async stop() {
      if (poll) clearInterval(poll);
      poll = null;
      await running?.catch(() => undefined);
    },
  };
  return service;
}

export type Outbox = ReturnType<typeof createOutbox>;
