import {
  addDays,
  type BusinessHours,
  deadlineInOpenHours,
  localDate,
  openMsBetween,
  responseDeadline,
  shopTimeZone,
} from '@balas/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { insightChats } from '../../db/schema.ts';
import { type ChatEvent, type ChatMessage, type ShopSwitch, shopSwitchAt, splitIntoChats } from './chats.ts';
import { rowsOf } from './sql-rows.ts';

/** Conversations recomputed per transaction. */
const BATCH = 200;
const INSERT_ROWS = 1000;
const HOURS_BATCH = 5000;
const DAYS_PER_STATEMENT = 500;
// One recomputation at a time across processes: two would both replace the same chats.
const REFRESH_LOCK = 727_274_017;

interface DirtyRow extends Record<string, unknown> {
  conversation_id: string;
  shop_id: string;
  version: number;
  from_at: string | null;
  provider: string;
  region: string | null;
  default_bot_status: boolean;
  /** The shop's business hours: a person's first reply and the window count only open time (decision 0025). */
  business_hours: BusinessHours | null;
  /** The conversation's own switch and handover before `from_at`, from its last such events. */
  override_kind: 'bot_enabled' | 'bot_disabled' | null;
  handover_kind: 'handover' | 'handed_back' | null;
}

interface SwitchRow extends Record<string, unknown> {
  shop_id: string;
  enabled: boolean;
  at: string | Date;
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
 * The recorded changes of the batch's shops' bot switches that matter from each shop's earliest
 * restart on: the last change before it and every change since (oldest first).
 */
async function shopSwitches(tx: Pick<Db, 'execute'>, dirty: DirtyRow[]) {
  const from = new Map<string, string | null>();
  for (const d of dirty) {
    const seen = from.get(d.shop_id);
    if (seen === undefined) from.set(d.shop_id, d.from_at);
    else if (seen !== null) from.set(d.shop_id, d.from_at === null || d.from_at < seen ? d.from_at : seen);
  }
  const rows = await rowsOf<SwitchRow>(
    tx,
    sql`
    select w.shop_id, w.enabled, w.at
      from unnest(${sql.param([...from.keys()])}::uuid[], ${sql.param([...from.values()])}::timestamptz[]) as d(shop_id, from_at)
      cross join lateral (
        (select b.shop_id, b.enabled, b.at, b.id from shop_bot_switches b
          where b.shop_id = d.shop_id and b.at < d.from_at order by b.at desc, b.id desc limit 1)
        union all
        (select b.shop_id, b.enabled, b.at, b.id from shop_bot_switches b
          where b.shop_id = d.shop_id and (d.from_at is null or b.at >= d.from_at))) w
     order by w.shop_id, w.at, w.id`,
  );
  const by = new Map<string, ShopSwitch[]>();
  for (const r of rows) {
    const list = by.get(r.shop_id) ?? [];
    list.push({ enabled: r.enabled, at: asDate(r.at) });
    by.set(r.shop_id, list);
  }
  return by;
}

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
      select f.*,
             (select e.kind from conversation_events e
               where e.conversation_id = f.conversation_id and e.kind in ('bot_enabled', 'bot_disabled')
                 and e.at < f.from_at::timestamptz order by e.at desc limit 1) as override_kind,
             (select e.kind from conversation_events e
               where e.conversation_id = f.conversation_id and e.kind in ('handover', 'handed_back')
                 and e.at < f.from_at::timestamptz order by e.at desc limit 1) as handover_kind
        from (
          select d.conversation_id, d.shop_id, d.version, s.provider, s.region, s.default_bot_status, s.business_hours,
                 (select to_char(max(c.started_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')
                    from insight_chats c
                   where c.conversation_id = d.conversation_id and c.started_at <= d.since) as from_at
            from (select * from insight_dirty order by since limit ${limit}) d
            join shops s on s.id = d.shop_id) f`,
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
         where e.kind in ('handover', 'handed_back', 'bot_enabled', 'bot_disabled')`,
      ),
    ];
    const messagesOf = group(messageRows);
    const eventsOf = group(eventRows);
    const switchesOf = await shopSwitches(tx, dirty);
    const rows: (typeof insightChats.$inferInsert)[] = [];
    for (const d of dirty) {
      const timeZone = shopTimeZone(d.region);
      const switches = switchesOf.get(d.shop_id) ?? [];
      const chats = splitIntoChats(
        (messagesOf.get(d.conversation_id) ?? []).map((m) => ({
          sender: m.sender,
          at: asDate(m.sent_at),
          failed: m.status === 'failed',
        })),
        (eventsOf.get(d.conversation_id) ?? []).map(
          (e): ChatEvent => ({ kind: e.kind, reason: e.reason, at: asDate(e.at) }),
        ),
        {
          override: d.override_kind === null ? null : d.override_kind === 'bot_enabled',
          handedOver: d.handover_kind === 'handover',
          shopOn: shopSwitchAt(switches, d.default_bot_status),
          shopSwitches: switches,
        },
      );
      for (const chat of chats) {
        rows.push({
          shopId: d.shop_id,
          conversationId: d.conversation_id,
          ...chat,
          responseDeadline: deadlineInOpenHours(
            d.business_hours,
            chat.startedAt,
            responseDeadline(d.provider, chat.startedAt, timeZone),
          ),
          humanOpenMs: chat.firstAgentAt
            ? Math.round(openMsBetween(d.business_hours, chat.startedAt, chat.firstAgentAt))
            : null,
        });
      }
    }
    const removed = await rowsOf<RemovedChat>(
      tx,
      sql`
      delete from insight_chats c
       using unnest(${sql.param(ids)}::uuid[], ${sql.param(froms)}::timestamptz[]) as d(id, from_at)
       where c.conversation_id = d.id and (d.from_at is null or c.started_at >= d.from_at)
      returning c.shop_id, c.conversation_id, c.started_at, c.last_shopper_at, c.shopper_messages,
                c.bot_replies, c.agent_replies, c.first_bot_at, c.first_agent_at, c.bot_owed_at,
                c.bot_answered_at, c.handed_over, c.handover_reason, c.bot_resolved, c.response_deadline,
                c.human_open_ms`,
    );
    for (let i = 0; i < rows.length; i += INSERT_ROWS) {
      await tx.insert(insightChats).values(rows.slice(i, i + INSERT_ROWS));
    }
    // The days of the chats that changed (removed, written, or written differently), in each
    // shop's zone: a recomputation that rewrites an old chat as it was leaves its day alone.
    const zoneOf = new Map(dirty.map((d) => [d.shop_id, shopTimeZone(d.region)]));
    const before = new Set(removed.map((r) => signature(removedAsChat(r))));
    const after = new Set(rows.map(signature));
    const days = new DaySet();
    for (const r of removed) {
      if (!after.has(signature(removedAsChat(r))))
        days.add(r.shop_id, zoneOf.get(r.shop_id)!, asDate(r.started_at));
    }
    for (const r of rows)
      if (!before.has(signature(r))) days.add(r.shopId, zoneOf.get(r.shopId)!, r.startedAt);
    await recomputeDays(tx, days);
    // A conversation marked again meanwhile (a newer version) stays queued for the next batch.
    await tx.execute(sql`
      delete from insight_dirty q
       using unnest(${sql.param(ids)}::uuid[], ${sql.param(dirty.map((d) => d.version))}::int[]) as d(id, version)
       where q.conversation_id = d.id and q.version = d.version`);
    return dirty.length;
  });
}

interface RemovedChat extends Record<string, unknown> {
  shop_id: string;
  conversation_id: string;
  started_at: string | Date;
  last_shopper_at: string | Date;
  shopper_messages: number;
  bot_replies: number;
  agent_replies: number;
  first_bot_at: string | Date | null;
  first_agent_at: string | Date | null;
  bot_owed_at: string | Date | null;
  bot_answered_at: string | Date | null;
  handed_over: boolean;
  handover_reason: string | null;
  bot_resolved: boolean;
  response_deadline: string | Date | null;
  human_open_ms: number | null;
}

type ChatRow = typeof insightChats.$inferInsert;
const maybeDate = (v: string | Date | null) => (v === null ? null : asDate(v));
const removedAsChat = (r: RemovedChat): ChatRow => ({
  shopId: r.shop_id,
  conversationId: r.conversation_id,
  startedAt: asDate(r.started_at),
  lastShopperAt: asDate(r.last_shopper_at),
  shopperMessages: Number(r.shopper_messages),
  botReplies: Number(r.bot_replies),
  agentReplies: Number(r.agent_replies),
  firstBotAt: maybeDate(r.first_bot_at),
  firstAgentAt: maybeDate(r.first_agent_at),
  botOwedAt: maybeDate(r.bot_owed_at),
  botAnsweredAt: maybeDate(r.bot_answered_at),
  handedOver: r.handed_over,
  handoverReason: r.handover_reason,
  botResolved: r.bot_resolved,
  responseDeadline: maybeDate(r.response_deadline),
  humanOpenMs: r.human_open_ms === null ? null : Number(r.human_open_ms),
});
/** Everything a chat contributes to its day. */
const signature = (c: ChatRow) =>
  [
    c.conversationId,
    c.startedAt.getTime(),
    c.lastShopperAt.getTime(),
    c.shopperMessages,
    c.botReplies,
    c.agentReplies,
    c.firstBotAt?.getTime() ?? '',
    c.firstAgentAt?.getTime() ?? '',
    c.botOwedAt?.getTime() ?? '',
    c.botAnsweredAt?.getTime() ?? '',
    c.handedOver,
    c.handoverReason ?? '',
    c.botResolved,
    c.responseDeadline?.getTime() ?? '',
    c.humanOpenMs ?? '',
  ].join('|');

/** (shop, local day) pairs, each once. */
class DaySet {
  readonly pairs = new Map<string, { shopId: string; timeZone: string; day: string }>();
  add(shopId: string, timeZone: string, at: Date) {
    const day = localDate(at, timeZone);
    this.pairs.set(`${shopId}|${day}`, { shopId, timeZone, day });
  }
}

/** Rewrites the day rows of these (shop, day) pairs from the chats, hours, vouchers and sources. */
async function recomputeDays(tx: Pick<Db, 'execute'>, set: DaySet) {
  const pairs = [...set.pairs.values()];
  for (let i = 0; i < pairs.length; i += DAYS_PER_STATEMENT) {
    const part = pairs.slice(i, i + DAYS_PER_STATEMENT);
    const reply = sql`least(c.first_bot_at, c.first_agent_at)`;
    const unanswered = sql`(c.first_bot_at is null and c.first_agent_at is null)`;
    const ms = (column: SQL) => sql`(extract(epoch from ${column} - c.started_at) * 1000)::int`;
    // The bot is timed from when it owed the shopper a reply (chats.ts), not from the chat's start.
    const botMs = sql`(extract(epoch from c.bot_answered_at - c.bot_owed_at) * 1000)::int`;
    // A person's first reply counts only the shop's open time (decision 0025); chats counted before
    // business hours existed keep their calendar time.
    const humanMs = sql`coalesce(c.human_open_ms, ${ms(sql`c.first_agent_at`)})`;
    // Times rounded to 3 significant digits (at least 10 ms) and counted: a period's percentiles
    // come from these pairs instead of every chat's time (decision 0010).
    const rounded = (list: SQL) => sql`
      select coalesce(array_agg(r.v order by r.v), '{}') as vals, coalesce(array_agg(r.n order by r.v), '{}') as cnts
        from (select (round(v::numeric / g) * g)::int as v, count(*)::int as n
                from unnest(${list}) v
                cross join lateral (select greatest(10, power(10, floor(log(greatest(v, 1))) - 2))::numeric as g) x
               group by 1) r`;
    const quantile = (list: SQL, q: number) =>
      sql`(select percentile_cont(${q}::float8) within group (order by v) from unnest(${list}) v)`;
    await tx.execute(sql`
      insert into insight_days as t (shop_id, day, chats, bot_resolved, handed_over, unanswered,
        bot_n, bot_p50, bot_p90, bot_values, bot_counts, human_n, human_p50, human_p90, human_values,
        human_counts, window_answered, window_within, window_unanswered, settled_until,
        shopper_messages, hourly, vouchers, reasons, sources, ratings_bot, ratings_agent)
      select p.shop_id, p.day, ch.chats, ch.bot_resolved, ch.handed_over, ch.unanswered,
             cardinality(ch.bot_ms), ${quantile(sql`ch.bot_ms`, 0.5)}, ${quantile(sql`ch.bot_ms`, 0.9)},
             bot.vals, bot.cnts,
             cardinality(ch.human_ms), ${quantile(sql`ch.human_ms`, 0.5)}, ${quantile(sql`ch.human_ms`, 0.9)},
             human.vals, human.cnts,
             ch.window_answered, ch.window_within, ch.window_unanswered, ch.settled_until,
             hr.total, hr.hourly, v.n, coalesce(rs.reasons, '{}'::jsonb), coalesce(src.sources, '{}'::jsonb),
             rt.bot, rt.agent
        from unnest(${sql.param(part.map((p) => p.shopId))}::uuid[], ${sql.param(part.map((p) => p.timeZone))}::text[],
                    ${sql.param(part.map((p) => p.day))}::date[]) as p(shop_id, tz, day)
        cross join lateral (select p.day::timestamp at time zone p.tz as lo,
                                   (p.day + 1)::timestamp at time zone p.tz as hi) b
        cross join lateral (
          select count(*)::int as chats,
                 count(*) filter (where c.bot_resolved)::int as bot_resolved,
                 count(*) filter (where c.handed_over)::int as handed_over,
                 count(*) filter (where ${unanswered})::int as unanswered,
                 coalesce(array_agg(${botMs} order by c.bot_answered_at - c.bot_owed_at)
                            filter (where c.bot_answered_at is not null), '{}') as bot_ms,
                 coalesce(array_agg(${humanMs} order by ${humanMs})
                            filter (where c.first_agent_at is not null), '{}') as human_ms,
                 count(*) filter (where c.response_deadline is not null and ${reply} is not null)::int as window_answered,
                 count(*) filter (where ${reply} <= c.response_deadline)::int as window_within,
                 count(*) filter (where c.response_deadline is not null and ${unanswered})::int as window_unanswered,
                 greatest(max(c.last_shopper_at) + interval '24 hours',
                          max(c.response_deadline) filter (where ${unanswered})) as settled_until
            from insight_chats c
           where c.shop_id = p.shop_id and c.started_at >= b.lo and c.started_at < b.hi) ch
        cross join lateral (${rounded(sql`ch.bot_ms`)}) bot
        cross join lateral (${rounded(sql`ch.human_ms`)}) human
        cross join lateral (
          select coalesce(sum(x.n), 0)::int as total, array_agg(coalesce(x.n, 0)::int order by k) as hourly
            from generate_series(0, 23) k
            left join (select extract(hour from h.hour at time zone p.tz)::int as hr, sum(h.shopper_messages) as n
                         from insight_hours h
                        where h.shop_id = p.shop_id and h.hour >= b.lo and h.hour < b.hi group by 1) x on x.hr = k) hr
        cross join lateral (
          select count(*)::int as n from vouchers_sent v
           where v.shop_id = p.shop_id and v.sent_at >= b.lo and v.sent_at < b.hi) v
        cross join lateral (
          select jsonb_object_agg(coalesce(r.reason, 'other'), r.n) as reasons
            from (select c.handover_reason as reason, count(*) as n from insight_chats c
                   where c.shop_id = p.shop_id and c.started_at >= b.lo and c.started_at < b.hi and c.handed_over
                   group by 1) r) rs
        cross join lateral (
          select jsonb_object_agg(s.kind || ':' || s.name, s.n) as sources
            from (select s.kind, s.name, sum(s.answers) as n from insight_sources s
                   where s.shop_id = p.shop_id and s.hour >= b.lo and s.hour < b.hi group by 1, 2) s) src
        cross join lateral (
          select array_agg(coalesce(x.bot, 0)::int order by k) as bot, array_agg(coalesce(x.agent, 0)::int order by k) as agent
            from generate_series(1, 5) k
            left join (select r.stars, count(*) filter (where r.answered_by = 'bot') as bot,
                              count(*) filter (where r.answered_by = 'agent') as agent
                         from conversation_ratings r
                        where r.shop_id = p.shop_id and r.created_at >= b.lo and r.created_at < b.hi
                        group by 1) x on x.stars = k) rt
      on conflict (shop_id, day) do update set
        chats = excluded.chats, bot_resolved = excluded.bot_resolved, handed_over = excluded.handed_over,
        unanswered = excluded.unanswered, bot_n = excluded.bot_n, bot_p50 = excluded.bot_p50,
        bot_p90 = excluded.bot_p90, bot_values = excluded.bot_values, bot_counts = excluded.bot_counts,
        human_n = excluded.human_n, human_p50 = excluded.human_p50, human_p90 = excluded.human_p90,
        human_values = excluded.human_values, human_counts = excluded.human_counts, window_answered = excluded.window_answered,
        window_within = excluded.window_within, window_unanswered = excluded.window_unanswered,
        settled_until = excluded.settled_until, shopper_messages = excluded.shopper_messages,
        hourly = excluded.hourly, vouchers = excluded.vouchers, reasons = excluded.reasons,
        sources = excluded.sources, ratings_bot = excluded.ratings_bot, ratings_agent = excluded.ratings_agent`);
  }
  // Readers keep the figures of days before the day before yesterday (decision 0010): only a change
  // to such a day makes their copies stale.
  const now = new Date();
  const shopIds = [
    ...new Set(pairs.filter((p) => p.day <= addDays(localDate(now, p.timeZone), -2)).map((p) => p.shopId)),
  ].sort();
  if (shopIds.length === 0) return;
  await tx.execute(sql`
    insert into insight_versions as v (shop_id, version)
    select id, 1 from unnest(${sql.param(shopIds)}::uuid[]) as id
    on conflict (shop_id) do update set version = v.version + 1`);
}

/** Recomputes the days of one batch of queued hours (shopper messages, vouchers, answer sources). */
async function refreshHours(db: Db, limit: number): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${REFRESH_LOCK})`);
    const queued = await rowsOf<{
      shop_id: string;
      hour: string | Date;
      version: number;
      region: string | null;
    }>(
      tx,
      sql`select q.shop_id, q.hour, q.version, s.region
            from (select * from insight_dirty_hours order by hour limit ${limit}) q join shops s on s.id = q.shop_id`,
    );
    if (queued.length === 0) return 0;
    const days = new DaySet();
    for (const q of queued) days.add(q.shop_id, shopTimeZone(q.region), asDate(q.hour));
    await recomputeDays(tx, days);
    await tx.execute(sql`
      delete from insight_dirty_hours q
       using unnest(${sql.param(queued.map((q) => q.shop_id))}::uuid[],
                    ${sql.param(queued.map((q) => asDate(q.hour).toISOString()))}::timestamptz[],
                    ${sql.param(queued.map((q) => q.version))}::int[]) as d(shop_id, hour, version)
       where q.shop_id = d.shop_id and q.hour = d.hour and q.version = d.version`);
    return queued.length;
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
      if (done < BATCH) break;
      if (Date.now() > until) return conversations;
    }
    for (;;) {
      const done = await refreshHours(db, HOURS_BATCH);
      if (done < HOURS_BATCH || Date.now() > until) return conversations;
    }
  }

  return { refresh };
}

export type InsightsRollup = ReturnType<typeof createInsightsRollup>;
