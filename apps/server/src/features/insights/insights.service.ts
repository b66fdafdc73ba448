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

/**
 * Each shop's part of a span of days, [lo, hi) as instants: the same calendar days, each in the
 * shop's own zone. Every query starts from it and seeks its table's (shop, time) index per shop.
 */
const ranges = (list: InsightShop[], from: string, to: string) => sql`
  select s.id as shop_id, s.tz, (${from}::date)::timestamp at time zone s.tz as lo,
         (${to}::date + 1)::timestamp at time zone s.tz as hi
    from unnest(${sql.param(list.map((s) => s.id))}::uuid[], ${sql.param(list.map((s) => s.timeZone))}::text[]) as s(id, tz)`;

interface ChatAggregate extends Record<string, unknown> {
  shop_id: string | null;
  day: string | null;
  cur: boolean | null;
  chats: number;
  closed: number;
  bot_resolved: number;
  handed_over: number;
  unanswered: number;
  bot_n: number;
  bot_median: number | null;
  bot_p90: number | null;
  human_n: number;
  human_median: number | null;
  human_p90: number | null;
  window_due: number;
  window_within: number;
}

const seconds = (column: SQL) => sql`extract(epoch from ${column})::float8`;

/** Chat figures per day (or per shop and day) and per period, in one pass over the chats. */
const chatFigures = (
  list: InsightShop[],
  from: string,
  currentFrom: string,
  to: string,
  now: Date,
  byShop: boolean,
) => {
  const closedBefore = new Date(now.getTime() - CHAT_QUIET_MS).toISOString();
  const firstReply = sql`least(c.first_bot_at, c.first_agent_at)`;
  const bot = seconds(sql`c.first_bot_at - c.started_at`);
  const human = seconds(sql`c.first_agent_at - c.started_at`);
  return sql<ChatAggregate>`
    with r as (${ranges(list, from, to)}),
    c as (
      select c.*, ((c.started_at at time zone r.tz)::date)::text as day,
             (c.started_at at time zone r.tz)::date >= ${currentFrom}::date as cur
        from r join insight_chats c on c.shop_id = r.shop_id and c.started_at >= r.lo and c.started_at < r.hi)
    select ${byShop ? sql`c.shop_id` : sql`null::uuid`} as shop_id, c.day, c.cur,
           count(*)::int as chats,
           count(*) filter (where c.last_shopper_at <= ${closedBefore}::timestamptz)::int as closed,
           count(*) filter (where c.bot_resolved and c.last_shopper_at <= ${closedBefore}::timestamptz)::int as bot_resolved,
           count(*) filter (where c.handed_over)::int as handed_over,
           count(*) filter (where ${firstReply} is null)::int as unanswered,
           count(c.first_bot_at)::int as bot_n,
           percentile_cont(0.5) within group (order by ${bot}) as bot_median,
           percentile_cont(0.9) within group (order by ${bot}) as bot_p90,
           count(c.first_agent_at)::int as human_n,
           percentile_cont(0.5) within group (order by ${human}) as human_median,
           percentile_cont(0.9) within group (order by ${human}) as human_p90,
           count(*) filter (where c.response_deadline is not null
                              and (${firstReply} is not null or c.response_deadline <= ${now.toISOString()}::timestamptz))::int as window_due,
           count(*) filter (where ${firstReply} <= c.response_deadline)::int as window_within
      from c
     group by grouping sets ((${byShop ? sql`c.shop_id, ` : sql``}c.day, c.cur), (c.cur))`;
};

interface DayCount extends Record<string, unknown> {
  shop_id: string | null;
  day: string;
  n: number;
}

const shopperMessagesByDay = (
  list: InsightShop[],
  from: string,
  to: string,
  byShop: boolean,
) => sql<DayCount>`
  with r as (${ranges(list, from, to)})
  select ${byShop ? sql`h.shop_id` : sql`null::uuid`} as shop_id,
         ((h.hour at time zone r.tz)::date)::text as day, sum(h.shopper_messages)::int as n
    from r join insight_hours h on h.shop_id = r.shop_id and h.hour >= r.lo and h.hour < r.hi
   group by 1, 2`;

const vouchersByDay = (list: InsightShop[], from: string, to: string, byShop: boolean) => sql<DayCount>`
  with r as (${ranges(list, from, to)})
  select ${byShop ? sql`v.shop_id` : sql`null::uuid`} as shop_id,
         ((v.sent_at at time zone r.tz)::date)::text as day, count(*)::int as n
    from r join vouchers_sent v on v.shop_id = r.shop_id and v.sent_at >= r.lo and v.sent_at < r.hi
   group by 1, 2`;

const ms = (s: number | null) => (s === null || s === undefined ? null : Math.round(Number(s) * 1000));
const share = (part: number, whole: number) => (whole > 0 ? part / whole : null);

function figuresOf(
  row: ChatAggregate | undefined,
  shopperMessages: number,
  vouchersOffered: number,
): InsightFigures {
  const n = (v: number | undefined) => Number(v ?? 0);
  const chats = n(row?.chats);
  return {
    chats,
    shopperMessages,
    botResolved: n(row?.bot_resolved),
    closedChats: n(row?.closed),
    botResolvedShare: share(n(row?.bot_resolved), n(row?.closed)),
    handedOver: n(row?.handed_over),
    handoverRate: share(n(row?.handed_over), chats),
    botFirstResponse: {
      count: n(row?.bot_n),
      medianMs: ms(row?.bot_median ?? null),
      p90Ms: ms(row?.bot_p90 ?? null),
    },
    humanFirstResponse: {
      count: n(row?.human_n),
      medianMs: ms(row?.human_median ?? null),
      p90Ms: ms(row?.human_p90 ?? null),
    },
    unanswered: n(row?.unanswered),
    window: {
      due: n(row?.window_due),
      within: n(row?.window_within),
      share: share(n(row?.window_within), n(row?.window_due)),
    },
    vouchersOffered,
  };
}

function dayOf(
  date: string,
  row: ChatAggregate | undefined,
  shopperMessages: number,
  vouchers: number,
): InsightDay {
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    date,
    chats: n(row?.chats),
    shopperMessages,
    botResolved: n(row?.bot_resolved),
    closedChats: n(row?.closed),
    handedOver: n(row?.handed_over),
    botFirstResponseMedianMs: ms(row?.bot_median ?? null),
    humanFirstResponseMedianMs: ms(row?.human_median ?? null),
    windowDue: n(row?.window_due),
    windowWithin: n(row?.window_within),
    vouchersOffered: vouchers,
  };
}

const daysOf = (p: Period) => Array.from({ length: p.days }, (_, i) => addDays(p.from, i));
const sum = (rows: DayCount[], from: string, to: string) =>
  rows.reduce((total, r) => (r.day >= from && r.day <= to ? total + Number(r.n) : total), 0);

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

  async function overview(
    list: InsightShop[],
    query: { days?: number | undefined; from?: string | undefined; to?: string | undefined },
    now = new Date(),
  ): Promise<InsightsOverview> {
    const { timeZone, current, previous } = periodsFor(list, query, now);
    const base = {
      period: current,
      previousPeriod: previous,
      timeZone,
      shops: list,
      hasMarketplace: list.some((s) => s.provider !== 'website'),
    };
    if (list.length === 0) {
      const empty = figuresOf(undefined, 0, 0);
      return {
        ...base,
        current: empty,
        previous: empty,
        daily: daysOf(current).map((d) => dayOf(d, undefined, 0, 0)),
        previousDaily: daysOf(previous).map((d) => dayOf(d, undefined, 0, 0)),
        handoverReasons: [],
        busiestHours: Array.from({ length: 7 }, () => Array<number>(24).fill(0)),
        topTopics: [],
        topFiles: [],
      };
    }
    const [chatRows, messageRows, voucherRows, hourRows, reasonRows, sourceRows] = await Promise.all([
      rowsOf<ChatAggregate>(db, chatFigures(list, previous.from, current.from, current.to, now, false)),
      rowsOf<DayCount>(db, shopperMessagesByDay(list, previous.from, current.to, false)),
      rowsOf<DayCount>(db, vouchersByDay(list, previous.from, current.to, false)),
      rowsOf<{ dow: number; hour: number; n: number }>(
        db,
        sql`
        with r as (${ranges(list, current.from, current.to)})
        select extract(dow from h.hour at time zone r.tz)::int as dow,
               extract(hour from h.hour at time zone r.tz)::int as hour, sum(h.shopper_messages)::int as n
          from r join insight_hours h on h.shop_id = r.shop_id and h.hour >= r.lo and h.hour < r.hi
         group by 1, 2`,
      ),
      rowsOf<{ reason: string | null; n: number }>(
        db,
        sql`
        with r as (${ranges(list, current.from, current.to)})
        select c.handover_reason as reason, count(*)::int as n
          from r join insight_chats c on c.shop_id = r.shop_id and c.started_at >= r.lo and c.started_at < r.hi
         where c.handed_over
         group by 1 order by 2 desc`,
      ),
      rowsOf<{ kind: string; name: string; n: number }>(
        db,
        sql`
        with r as (${ranges(list, current.from, current.to)})
        select s.kind, s.name, sum(s.answers)::int as n
          from r join insight_sources s on s.shop_id = r.shop_id and s.hour >= r.lo and s.hour < r.hi
         group by 1, 2 order by 3 desc, 2 limit 200`,
      ),
    ]);
    const totals = (cur: boolean) => chatRows.find((r) => r.day === null && r.cur === cur);
    const byDay = new Map(chatRows.filter((r) => r.day !== null).map((r) => [r.day as string, r]));
    const countsOn = (rows: DayCount[]) => new Map(rows.map((r) => [r.day, Number(r.n)]));
    const messagesOn = countsOn(messageRows);
    const vouchersOn = countsOn(voucherRows);
    const series = (p: Period) =>
      daysOf(p).map((d) => dayOf(d, byDay.get(d), messagesOn.get(d) ?? 0, vouchersOn.get(d) ?? 0));
    const busiestHours = Array.from({ length: 7 }, () => Array<number>(24).fill(0));
    for (const r of hourRows) busiestHours[Number(r.dow)]![Number(r.hour)]! += Number(r.n);
    // Reasons in merchant words: codes the engine adds later without words read as "Other reason".
    const reasons = new Map<string, { code: string; label: string; count: number }>();
    for (const r of reasonRows) {
      const label = handoverReasonLabel(r.reason);
      const entry = reasons.get(label) ?? { code: r.reason ?? 'other', label, count: 0 };
      entry.count += Number(r.n);
      reasons.set(label, entry);
    }
    const top = (kind: string) =>
      sourceRows
        .filter((r) => r.kind === kind)
        .slice(0, TOP_SOURCES)
        .map((r) => ({ name: r.name, count: Number(r.n) }));
    return {
      ...base,
      current: figuresOf(
        totals(true),
        sum(messageRows, current.from, current.to),
        sum(voucherRows, current.from, current.to),
      ),
      previous: figuresOf(
        totals(false),
        sum(messageRows, previous.from, previous.to),
        sum(voucherRows, previous.from, previous.to),
      ),
      daily: series(current),
      previousDaily: series(previous),
      handoverReasons: [...reasons.values()].sort((a, b) => b.count - a.count),
      busiestHours,
      topTopics: top('topic'),
      topFiles: top('file'),
    };
  }

  /** The figures of each shop on each day of the period, shop by shop (the CSV export). */
  async function* dailyByShop(list: InsightShop[], period: Period, now = new Date()) {
    for (const shop of list) {
      const [chatRows, messageRows, voucherRows] = await Promise.all([
        rowsOf<ChatAggregate>(db, chatFigures([shop], period.from, period.from, period.to, now, true)),
        rowsOf<DayCount>(db, shopperMessagesByDay([shop], period.from, period.to, true)),
        rowsOf<DayCount>(db, vouchersByDay([shop], period.from, period.to, true)),
      ]);
      const byDay = new Map(chatRows.filter((r) => r.day !== null).map((r) => [r.day as string, r]));
      const messagesOn = new Map(messageRows.map((r) => [r.day, Number(r.n)]));
      const vouchersOn = new Map(voucherRows.map((r) => [r.day, Number(r.n)]));
      yield daysOf(period).map((date) => {
        const row = byDay.get(date);
        return {
          shop,
          date,
          figures: figuresOf(row, messagesOn.get(date) ?? 0, vouchersOn.get(date) ?? 0),
        };
      });
    }
  }

  return { shopsOf, overview, dailyByShop };
}

export type InsightsService = ReturnType<typeof createInsightsService>;
