import {
  addDays,
  handoverReasonLabel,
  type InsightDay,
  type InsightFigures,
  type InsightsOverview,
  localDate,
  shopTimeZone,
} from '@balas/contracts';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { shops } from '../../db/schema.ts';
import { CHAT_QUIET_MS } from './chats.ts';
import { rowsOf } from './sql-rows.ts';

/** A shop as the figures need it: its days are counted in its own time zone. */
export interface InsightShop {
  id: string;
  name: string;
  provider: string;
  timeZone: string;
}

export interface Period {
  from: string;
  to: string;
  days: number;
}

const TOP_SOURCES = 5;

const dayCount = (p: { from: string; to: string }) =>
  Math.round((Date.parse(`${p.to}T00:00:00Z`) - Date.parse(`${p.from}T00:00:00Z`)) / 86_400_000) + 1;

/** The period asked for (the last `days` days up to today, or from..to) and the one just before it. */
export function resolvePeriods(
  query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
  timeZone: string,
  now: Date,
): { current: Period; previous: Period } {
  let from: string;
  let to: string;
  if (query.from && query.to) {
    from = query.from;
    to = query.to;
  } else {
    to = localDate(now, timeZone);
    from = addDays(to, -((query.days ?? 30) - 1));
  }
  const days = dayCount({ from, to });
  const previousTo = addDays(from, -1);
  return {
    current: { from, to, days },
    previous: { from: addDays(previousTo, -(days - 1)), to: previousTo, days },
  };
}

/** The zone most of the shops count in (the period's days are chosen in it). */
export function referenceTimeZone(list: InsightShop[]): string {
  const counts = new Map<string, number>();
  for (const s of list) counts.set(s.timeZone, (counts.get(s.timeZone) ?? 0) + 1);
  let best = shopTimeZone(null);
  let most = 0;
  for (const [zone, n] of counts) {
    if (n > most) {
      best = zone;
      most = n;
    }
  }
  return best;
}

/** A day of one shop as the page reads it: stored counts, with the time-dependent ones read live where needed. */
interface DayRow extends Record<string, unknown> {
  shop_id: string;
  day: string;
  chats: number;
  closed: number;
  bot_resolved: number;
  handed_over: number;
  unanswered: number;
  bot_n: number;
  bot_p50: number | null;
  bot_p90: number | null;
  human_n: number;
  human_p50: number | null;
  human_p90: number | null;
  window_due: number;
  window_answered: number;
  window_within: number;
  shopper_messages: number;
  vouchers: number;
}

const shopsParam = (list: InsightShop[]) =>
  sql`unnest(${sql.param(list.map((s) => s.id))}::uuid[], ${sql.param(list.map((s) => s.timeZone))}::text[]) as s(shop_id, tz)`;

/** The shops' stored day rows from `from` to `to`. */
const dayRows = (list: InsightShop[], from: string, to: string) => sql`
  select d.shop_id, d.day::text as day, d.chats, d.chats as closed, d.bot_resolved, d.handed_over,
         d.unanswered, d.bot_n, d.bot_p50, d.bot_p90, d.human_n, d.human_p50, d.human_p90,
         d.window_answered + d.window_unanswered as window_due, d.window_answered, d.window_within,
         d.shopper_messages, d.vouchers
    from ${shopsParam(list)}
    join insight_days d on d.shop_id = s.shop_id and d.day >= ${from}::date and d.day <= ${to}::date`;

interface LiveRow extends Record<string, unknown> {
  shop_id: string;
  day: string;
  closed: number;
  bot_resolved: number;
  window_unanswered_due: number;
}

/**
 * A day is settled once its chats are closed and their reply deadlines passed; before that (today,
 * yesterday) its closed chats and the chats due in the window are counted now, from its chats.
 */
const liveRows = (list: InsightShop[], from: string, to: string, now: Date) => {
  const closedBefore = new Date(now.getTime() - CHAT_QUIET_MS).toISOString();
  const at = now.toISOString();
  // Per day (lateral), so each seeks the chats' (shop, start) index for its own few hours.
  return sql`
    select d.shop_id, d.day::text as day, l.closed, l.bot_resolved, l.window_unanswered_due
      from ${shopsParam(list)}
      join insight_days d on d.shop_id = s.shop_id and d.day >= ${from}::date and d.day <= ${to}::date
                          and d.settled_until > ${at}::timestamptz
      cross join lateral (
        select count(*) filter (where c.last_shopper_at <= ${closedBefore}::timestamptz)::int as closed,
               count(*) filter (where c.bot_resolved and c.last_shopper_at <= ${closedBefore}::timestamptz)::int as bot_resolved,
               count(*) filter (where c.response_deadline <= ${at}::timestamptz
                                  and c.first_bot_at is null and c.first_agent_at is null)::int as window_unanswered_due
          from insight_chats c
         where c.shop_id = d.shop_id and c.started_at >= d.day::timestamp at time zone s.tz
           and c.started_at < (d.day + 1)::timestamp at time zone s.tz) l`;
};

/** The period's busiest hours (weekday * 24 + hour), handover reasons and answer sources, summed. */
const periodBreakdown = (list: InsightShop[], from: string, to: string) => {
  const days = sql`${shopsParam(list)}
    join insight_days d on d.shop_id = s.shop_id and d.day >= ${from}::date and d.day <= ${to}::date`;
  return sql`
    select 'hour' as kind, (extract(dow from d.day)::int * 24 + u.k::int - 1)::text as key, sum(u.n)::int as n
      from ${days} cross join lateral unnest(d.hourly) with ordinality as u(n, k) group by 2
    union all
    select 'reason', r.key, sum(r.value::int)::int from ${days} cross join lateral jsonb_each_text(d.reasons) r group by 2
    union all
    select 'source', x.key, sum(x.value::int)::int from ${days} cross join lateral jsonb_each_text(d.sources) x group by 2`;
};

/** First reply times over each period, as (time, chats) pairs from the days' rounded times. */
const periodTimes = (list: InsightShop[], from: string, currentFrom: string, to: string) => {
  const over = (values: SQL, counts: SQL, who: string) => sql`
    select d.day >= ${currentFrom}::date as cur, ${who}::text as who, u.v, sum(u.n)::int as n
      from ${shopsParam(list)}
      join insight_days d on d.shop_id = s.shop_id and d.day >= ${from}::date and d.day <= ${to}::date
      cross join lateral unnest(${values}, ${counts}) as u(v, n)
     group by 1, 3`;
  return sql`${over(sql`d.bot_values`, sql`d.bot_counts`, 'bot')}
    union all ${over(sql`d.human_values`, sql`d.human_counts`, 'human')}`;
};

interface Breakdown extends Record<string, unknown> {
  kind: string;
  key: string;
  n: number;
}

interface StoredPeriod {
  days: DayRow[];
  times: TimeCount[];
  breakdown: Breakdown[];
}

const CACHED_PERIODS = 500;

/** The last few days, whole: a handful of rows, summed here instead of by three queries. */
const recentRows = (list: InsightShop[], from: string, to: string) => sql`
  select d.shop_id, d.day::text as day, d.chats, d.chats as closed, d.bot_resolved, d.handed_over,
         d.unanswered, d.bot_n, d.bot_p50, d.bot_p90, d.human_n, d.human_p50, d.human_p90,
         d.window_answered + d.window_unanswered as window_due, d.window_answered, d.window_within,
         d.shopper_messages, d.vouchers, d.bot_values, d.bot_counts, d.human_values, d.human_counts,
         d.hourly, d.reasons, d.sources
    from ${shopsParam(list)}
    join insight_days d on d.shop_id = s.shop_id and d.day >= ${from}::date and d.day <= ${to}::date`;

interface RecentRow extends DayRow {
  bot_values: number[];
  bot_counts: number[];
  human_values: number[];
  human_counts: number[];
  hourly: number[];
  reasons: Record<string, number>;
  sources: Record<string, number>;
}

/** The same shape as the stored part's three queries, from whole recent day rows. */
function recentPart(rows: RecentRow[], currentFrom: string): StoredPeriod {
  const times: TimeCount[] = [];
  const breakdown: Breakdown[] = [];
  for (const r of rows) {
    const cur = r.day >= currentFrom;
    for (const who of ['bot', 'human'] as const) {
      const values = r[`${who}_values`];
      const counts = r[`${who}_counts`];
      values.forEach((v, i) => {
        times.push({ cur, who, v: Number(v), n: Number(counts[i]) });
      });
    }
    if (!cur) continue;
    const dow = new Date(`${r.day}T00:00:00Z`).getUTCDay();
    r.hourly.forEach((n, hour) => {
      breakdown.push({ kind: 'hour', key: String(dow * 24 + hour), n: Number(n) });
    });
    for (const [key, n] of Object.entries(r.reasons)) breakdown.push({ kind: 'reason', key, n: Number(n) });
    for (const [key, n] of Object.entries(r.sources)) breakdown.push({ kind: 'source', key, n: Number(n) });
  }
  return { days: rows, times, breakdown };
}

interface TimeCount extends Record<string, unknown> {
  cur: boolean;
  who: 'bot' | 'human';
  v: number;
  n: number;
}

/** Continuous percentile (as PostgreSQL's percentile_cont) of values given with their counts. */
export function weightedPercentile(pairs: { v: number; n: number }[], q: number): number | null {
  const sorted = pairs.filter((p) => p.n > 0).sort((a, b) => a.v - b.v);
  const total = sorted.reduce((n, p) => n + p.n, 0);
  if (total === 0) return null;
  const at = q * (total - 1);
  const valueAt = (index: number) => {
    let seen = 0;
    for (const p of sorted) {
      seen += p.n;
      if (index < seen) return p.v;
    }
    return sorted.at(-1)!.v;
  };
  const low = Math.floor(at);
  const lowValue = valueAt(low);
  return lowValue + (at - low) * (valueAt(Math.min(total - 1, low + 1)) - lowValue);
}

const ms = (v: number | null | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/** Sums of day rows. */
function totals(rows: DayRow[]) {
  const t = {
    chats: 0,
    closed: 0,
    botResolved: 0,
    handedOver: 0,
    unanswered: 0,
    windowDue: 0,
    windowWithin: 0,
    shopperMessages: 0,
    vouchers: 0,
  };
  for (const r of rows) {
    t.chats += Number(r.chats);
    t.closed += Number(r.closed);
    t.botResolved += Number(r.bot_resolved);
    t.handedOver += Number(r.handed_over);
    t.unanswered += Number(r.unanswered);
    t.windowDue += Number(r.window_due);
    t.windowWithin += Number(r.window_within);
    t.shopperMessages += Number(r.shopper_messages);
    t.vouchers += Number(r.vouchers);
  }
  return t;
}

type Times = { count: number; medianMs: number | null; p90Ms: number | null };
const noTimes: Times = { count: 0, medianMs: null, p90Ms: null };

function figuresOf(rows: DayRow[], bot: Times, human: Times): InsightFigures {
  const t = totals(rows);
  return {
    chats: t.chats,
    shopperMessages: t.shopperMessages,
    botResolved: t.botResolved,
    closedChats: t.closed,
    botResolvedShare: share(t.botResolved, t.closed),
    handedOver: t.handedOver,
    handoverRate: share(t.handedOver, t.chats),
    botFirstResponse: bot,
    humanFirstResponse: human,
    unanswered: t.unanswered,
    window: { due: t.windowDue, within: t.windowWithin, share: share(t.windowWithin, t.windowDue) },
    vouchersOffered: t.vouchers,
  };
}

/** A day's figures; with one shop's row, its own first-response times. */
function dayOf(date: string, rows: DayRow[]): InsightDay {
  const t = totals(rows);
  const single = rows.length === 1 ? rows[0] : undefined;
  return {
    date,
    chats: t.chats,
    shopperMessages: t.shopperMessages,
    botResolved: t.botResolved,
    closedChats: t.closed,
    handedOver: t.handedOver,
    // Across shops a day's median is the middle of the shops' medians weighted by their chats.
    botFirstResponseMedianMs: single ? ms(single.bot_p50) : weightedMedian(rows, 'bot'),
    humanFirstResponseMedianMs: single ? ms(single.human_p50) : weightedMedian(rows, 'human'),
    windowDue: t.windowDue,
    windowWithin: t.windowWithin,
    vouchersOffered: t.vouchers,
  };
}

function weightedMedian(rows: DayRow[], who: 'bot' | 'human'): number | null {
  const points = rows
    .map((r) => ({ v: r[`${who}_p50`] as number | null, n: Number(r[`${who}_n`]) }))
    .filter((p): p is { v: number; n: number } => p.v !== null && p.n > 0)
    .sort((a, b) => a.v - b.v);
  const total = points.reduce((n, p) => n + p.n, 0);
  let seen = 0;
  for (const p of points) {
    seen += p.n;
    if (seen * 2 >= total) return Math.round(p.v);
  }
  return null;
}

const daysOf = (p: Period) => Array.from({ length: p.days }, (_, i) => addDays(p.from, i));

/** The days asked for, chosen in the shop's zone (or the zone most of the shops count in). */
export function periodsFor(
  list: InsightShop[],
  query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
  now = new Date(),
) {
  const timeZone = list.length === 1 ? list[0]!.timeZone : referenceTimeZone(list);
  return { timeZone, ...resolvePeriods(query, timeZone, now) };
}

export function createInsightsService(db: Db) {
  /** The merchant's shops (or the one asked for), with their time zones. */
  async function shopsOf(merchantId: string, shopId?: string): Promise<InsightShop[]> {
    const rows = await db
      .select({ id: shops.id, name: shops.name, provider: shops.provider, region: shops.region })
      .from(shops)
      .where(and(eq(shops.merchantId, merchantId), shopId ? eq(shops.id, shopId) : undefined))
      .orderBy(asc(shops.createdAt));
    return rows.map((s) => ({
      id: s.id,
      name: s.name,
      provider: s.provider,
      timeZone: shopTimeZone(s.region),
    }));
  }

  // The stored part of a period's figures (day rows, reply times, breakdown) only changes when the
  // job rewrites one of the shops' days, which bumps the shop's version: it is kept per process
  // until then. Time-dependent counts are still read live on every call (decision 0010).
  const stored = new Map<string, { versions: string; value: Promise<StoredPeriod> }>();

  async function versionsOf(list: InsightShop[]) {
    const rows = await rowsOf<{ shop_id: string; version: number }>(
      db,
      sql`select shop_id, version from insight_versions where shop_id = any(${sql.param(list.map((s) => s.id))}::uuid[])`,
    );
    const of = new Map(rows.map((r) => [r.shop_id, r.version]));
    return list.map((s) => `${s.id}:${s.timeZone}:${of.get(s.id) ?? 0}`).join(',');
  }

  const part = (list: InsightShop[], from: string, to: string, currentFrom: string): Promise<StoredPeriod> =>
    from > to
      ? Promise.resolve({ days: [], times: [], breakdown: [] })
      : Promise.all([
          rowsOf<DayRow>(db, dayRows(list, from, to)),
          rowsOf<TimeCount>(db, periodTimes(list, from, currentFrom, to)),
          to < currentFrom
            ? Promise.resolve([])
            : rowsOf<Breakdown>(db, periodBreakdown(list, from > currentFrom ? from : currentFrom, to)),
        ]).then(([days, times, breakdown]) => ({ days, times, breakdown }));

  /**
   * The stored figures of both periods: days up to three days ago from this process's copy (valid
   * while the shops' versions stand), the recent days read now.
   */
  async function storedPeriod(list: InsightShop[], previous: Period, current: Period, now: Date) {
    const cutoff = addDays(localDate(now, referenceTimeZone(list)), -3);
    const archiveTo = current.to < cutoff ? current.to : cutoff;
    const recentFrom = addDays(archiveTo, 1) > previous.from ? addDays(archiveTo, 1) : previous.from;
    const key = `${list.map((s) => s.id).join(',')}|${previous.from}|${current.from}|${archiveTo}`;
    const [versions, recent] = await Promise.all([
      versionsOf(list),
      recentFrom > current.to ? [] : rowsOf<RecentRow>(db, recentRows(list, recentFrom, current.to)),
    ]);
    let hit = stored.get(key);
    if (!hit || hit.versions !== versions) {
      const value = part(list, previous.from, archiveTo, current.from);
      if (stored.size >= CACHED_PERIODS) stored.clear();
      hit = { versions, value };
      stored.set(key, hit);
      value.catch(() => stored.delete(key));
    }
    const archive = await hit.value;
    const fresh = recentPart(recent, current.from);
    return {
      days: [...archive.days, ...fresh.days],
      times: [...archive.times, ...fresh.times],
      breakdown: [...archive.breakdown, ...fresh.breakdown],
    };
  }

  /** Day rows with today's (and other unsettled days') time-dependent counts taken now. */
  async function loadDays(list: InsightShop[], from: string, to: string, now: Date, days?: DayRow[]) {
    const [rows, live] = await Promise.all([
      days ?? rowsOf<DayRow>(db, dayRows(list, from, to)),
      rowsOf<LiveRow>(db, liveRows(list, from, to, now)),
    ]);
    const liveOf = new Map(live.map((l) => [`${l.shop_id}|${l.day}`, l]));
    return rows.map((r) => {
      const l = liveOf.get(`${r.shop_id}|${r.day}`);
      return l
        ? {
            ...r,
            closed: Number(l.closed),
            bot_resolved: Number(l.bot_resolved),
            window_due: Number(r.window_answered) + Number(l.window_unanswered_due),
          }
        : r;
    });
  }

  async function overview(
    list: InsightShop[],
    query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
    now = new Date(),
  ): Promise<InsightsOverview> {
    const { timeZone, current, previous } = periodsFor(list, query, now);
    const saved =
      list.length === 0
        ? { days: [], times: [], breakdown: [] }
        : await storedPeriod(list, previous, current, now);
    const rows = list.length === 0 ? [] : await loadDays(list, previous.from, current.to, now, saved.days);
    const { times: timeCounts, breakdown } = saved;
    const inCurrent = rows.filter((r) => r.day >= current.from);
    const inPrevious = rows.filter((r) => r.day < current.from);
    const times = (cur: boolean, who: 'bot' | 'human'): Times => {
      const pairs = timeCounts
        .filter((x) => x.cur === cur && x.who === who)
        .map((x) => ({ v: Number(x.v), n: Number(x.n) }));
      return {
        count: pairs.reduce((n, p) => n + p.n, 0),
        medianMs: ms(weightedPercentile(pairs, 0.5)),
        p90Ms: ms(weightedPercentile(pairs, 0.9)),
      };
    };
    const byDay = new Map<string, DayRow[]>();
    for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
    const series = (p: Period) => daysOf(p).map((d) => dayOf(d, byDay.get(d) ?? []));

    const busiestHours = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    const reasonCounts = new Map<string, number>();
    const sourceCounts = new Map<string, number>();
    for (const b of breakdown) {
      const n = Number(b.n);
      if (b.kind === 'hour') busiestHours[Math.floor(Number(b.key) / 24)]![Number(b.key) % 24]! += n;
      else {
        const counts = b.kind === 'reason' ? reasonCounts : sourceCounts;
        counts.set(b.key, (counts.get(b.key) ?? 0) + n);
      }
    }
    // Reasons in merchant words: codes the engine adds later without words read as "Other reason".
    const reasons = new Map<string, { code: string; label: string; count: number }>();
    for (const [code, n] of reasonCounts) {
      const label = handoverReasonLabel(code);
      const entry = reasons.get(label) ?? { code, label, count: 0 };
      entry.count += n;
      reasons.set(label, entry);
    }
    const top = (kind: string) =>
      [...sourceCounts]
        .filter(([key]) => key.startsWith(`${kind}:`))
        .map(([key, count]) => ({ name: key.slice(kind.length + 1), count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
        .slice(0, TOP_SOURCES);
    return {
      period: current,
      previousPeriod: previous,
      timeZone,
      shops: list,
      hasMarketplace: list.some((s) => s.provider !== 'website'),
      current: figuresOf(inCurrent, times(true, 'bot'), times(true, 'human')),
      previous: figuresOf(inPrevious, times(false, 'bot'), times(false, 'human')),
      daily: series(current),
      previousDaily: series(previous),
      handoverReasons: [...reasons.values()].sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : 1)),
      busiestHours,
      topTopics: top('topic'),
      topFiles: top('file'),
    };
  }

  /** The figures of each shop on each day of the period, shop by shop (the CSV export). */
  async function* dailyByShop(list: InsightShop[], period: Period, now = new Date()) {
    for (const shop of list) {
      const rows = await loadDays([shop], period.from, period.to, now);
      const byDay = new Map(rows.map((r) => [r.day, r]));
      yield daysOf(period).map((date) => {
        const row = byDay.get(date);
        const times = (who: 'bot' | 'human'): Times =>
          row
            ? {
                count: Number(row[`${who}_n`]),
                medianMs: ms(row[`${who}_p50`] as number | null),
                p90Ms: ms(row[`${who}_p90`] as number | null),
              }
            : noTimes;
        return { shop, date, figures: figuresOf(row ? [row] : [], times('bot'), times('human')) };
      });
    }
  }

  return { shopsOf, overview, dailyByShop };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
