import { responseDeadline, shopTimeZone } from '@balas/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insightChats } from '../../db/schema.ts';
import { defineJob } from '../../platform/queue.ts';
import { type ChatEvent, type ChatMessage, splitIntoChats } from './chats.ts';
import { rowsOf } from './sql-rows.ts';

/** Conversations recomputed per transaction. */
const BATCH = 200;
const INSERT_ROWS = 1000;
// One recomputation at a time across processes: two would both replace the same chats.
const REFRESH_LOCK = 727_274_017;

interface DirtyRow extends Record<string, unknown> {
  conversation_id: string;
  shop_id: string;
  version: number;
  from_at: string | null;
  provider: string;
  region: string | null;
}

interface MessageRow extends Record<string, unknown> {
  conversation_id: string;
  sender: ChatMessage['sender'];
  status: string;
  sent_at: string | Date;
}

interface EventRow extends Record<string, unknown> {
  conversation_id: string;
  kind: string;
  reason: string | null;
  at: string | Date;
}

const asDate = (v: string | Date) => (v instanceof Date ? v : new Date(v));
const group = <T extends { conversation_id: string }>(rows: T[]) => {
  const by = new Map<string, T[]>();
  for (const r of rows) {
    const list = by.get(r.conversation_id);
    if (list) list.push(r);
    else by.set(r.conversation_id, [r]);
  }
  return by;
};

/**
 * Recomputes one batch of queued conversations' chats, from the chat that holds the earliest
 * change on (earlier chats cannot change). Returns how many conversations it took.
 */
async function refreshBatch(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    // Each conversation restarts at the chat that holds `since` (times as text: microseconds kept).
    const dirty = await rowsOf<DirtyRow>(
      tx,
      sql`
      select d.conversation_id, d.shop_id, d.version, s.provider, s.region,
             (select to_char(max(c.started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                from insight_chats c
               where c.conversation_id = d.conversation_id and c.started_at <= d.since) as from_at
        from (select * from insight_dirty order by since limit ${limit}) d
        join shops s on s.id = d.shop_id`,
    );
    if (dirty.length === 0) return 0;
    const ids = dirty.map((d) => d.conversation_id);
    const froms = dirty.map((d) => d.from_at);
    const [messageRows, eventRows] = [
      await rowsOf<MessageRow>(
        tx,
        sql`
        select m.conversation_id, m.sender, m.status, m.sent_at
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(froms)}::timestamptz[]) as d(id, from_at)
          join messages m on m.conversation_id = d.id and (d.from_at is null or m.sent_at >= d.from_at)
         order by m.conversation_id, m.sent_at, m.id`,
      ),
      await rowsOf<EventRow>(
        tx,
        sql`
        select e.conversation_id, e.kind, e.reason, e.at
          from unnest(${sql.param(ids)}::uuid[], ${sql.param(froms)}::timestamptz[]) as d(id, from_at)
          join conversation_events e on e.conversation_id = d.id and (d.from_at is null or e.at >= d.from_at)
         where e.kind = 'handover'`,
      ),
    ];
    const messagesOf = group(messageRows);
    const eventsOf = group(eventRows);
    const rows: (typeof insightChats.$inferInsert)[] = [];
    for (const d of dirty) {
      const timeZone = shopTimeZone(d.region);
      const chats = splitIntoChats(
        (messagesOf.get(d.conversation_id) ?? []).map((m) => ({
          sender: m.sender,
          at: asDate(m.sent_at),
          failed: m.status === 'failed',
        })),
        (eventsOf.get(d.conversation_id) ?? []).map(
          (e): ChatEvent => ({ kind: e.kind, reason: e.reason, at: asDate(e.at) }),
        ),
      );
      for (const chat of chats) {
        rows.push({
          shopId: d.shop_id,
          conversationId: d.conversation_id,
          ...chat,
          responseDeadline: responseDeadline(d.provider, chat.startedAt, timeZone),
        });
      }
    }
    await tx.execute(sql`
      delete from insight_chats c
       using unnest(${sql.param(ids)}::uuid[], ${sql.param(froms)}::timestamptz[]) as d(id, from_at)
       where c.conversation_id = d.id and (d.from_at is null or c.started_at >= d.from_at)`);
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await tx.insert(insightChats).values(rows.slice(i, i + INSERT_ROWS));
    }
    // A conversation marked again meanwhile (a newer version) stays queued for the next batch.
    await tx.execute(sql`
      delete from insight_dirty q
       using unnest(${sql.param(ids)}::uuid[], ${sql.param(dirty.map((d) => d.version))}::int[]) as d(id, version)
       where q.conversation_id = d.id and q.version = d.version`);
    return dirty.length;
  });
}

export function createInsightsRollup(ctx: AppContext) {
  const { db } = ctx.database;

  /** Works through the queue of changed conversations; stops early after `budgetMs` (the next run goes on). */
  async function refresh(options: { budgetMs?: number } = {}) {
    const until = Date.now() + (options.budgetMs ?? Number.POSITIVE_INFINITY);
    let conversations = 0;
    for (;;) {
      const done = await refreshBatch(db, BATCH);
      conversations += done;
      if (done < BATCH || Date.now() > until) return conversations;
    }
  }

  const job = defineJob({
    name: 'insights.refresh',
    schema: z.object({}),
    attempts: 1,
    async handle() {
      // Within the 15-second interval, so runs rarely wait on each other's lock.
      await refresh({ budgetMs: 10_000 });
    },
  });

  return { refresh, job };
}

export type InsightsRollup = ReturnType<typeof createInsightsRollup>;
