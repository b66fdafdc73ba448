import {
  type InboxCounts,
  type InboxPage,
  type InboxView,
  type inboxListQuery,
  inboxView,
  limits,
  messages as words,
} from '@balas/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { AppError } from '../../../errors.ts';
import { isUuid } from '../../shops/shop-guard.ts';
import { escapeLike } from '../conversations/cursor.ts';
import { type RowConversation, type RowShop, toInboxRow } from './inbox-row.ts';
import { countedViews, type StateColumns, switchViews, tallyColumns, viewSql } from './inbox-state.ts';

/** The facts of the one rule (inbox-state.ts) as columns of a conversation `c` of a shop `s`. */
const viewColumns: StateColumns = {
  resolvedAt: 'c.resolved_at',
  snoozedUntil: 'c.snoozed_until',
  wokeAt: 'c.woke_at',
  latestAt: 'c.latest_at',
  handedOver: 'c.handed_over',
  lastFrom: 'c.last_from',
  botOn: 'coalesce(c.bot_enabled, s.default_bot_status)',
  answerDue: 'c.answer_due',
  unreadCount: 'c.unread_count',
  draftUntil: 'c.draft_until',
  now: 'now()',
};
/**
 * The predicates of the views' partial indexes (migrations 0011, 0017, 0021), which the rule implies: the
 * planner uses an index only when the query holds its predicate word for word.
 */
const indexed: Record<InboxView, string> = {
  needs_you: `c.resolved_at is null and (c.handed_over or c.last_from = 'customer' or c.woke_at is not null or c.snoozed_until is not null)`,
  drafts: 'c.resolved_at is null and c.draft_until is not null',
  waiting: `c.resolved_at is null and c.last_from is distinct from 'customer'`,
  snoozed: 'c.resolved_at is null and c.snoozed_until is not null',
  unread: 'c.resolved_at is null and c.unread_count > 0',
  bot: 'c.resolved_at is null',
  resolved: 'c.resolved_at is not null',
  all: 'true',
};
/** Each view's condition on a conversation `c` of a shop `s`: its index's predicate and the one rule. */
export const viewCondition = Object.fromEntries(
  inboxView.options.map((view) => [view, sql.raw(`(${indexed[view]} and ${viewSql(view, viewColumns)})`)]),
) as Record<InboxView, SQL>;

/** The views sorted by a time before the newest activity: needs you by reply deadline, snoozed by wake time. */
const sortedBy: Partial<Record<InboxView, string>> = {
  needs_you: 'reply_due_at asc nulls last',
  snoozed: 'snoozed_until asc',
};
const sortColumn: Partial<Record<InboxView, string>> = {
  needs_you: 'reply_due_at',
  snoozed: 'snoozed_until',
};

/** A page's position: the last row's sort time (needs you, snoozed), time and id. */
interface ViewCursor {
  due?: Date | null;
  at: Date;
  id: string;
}

const cursorPattern = /^(?:(\d{1,15}|n)\.)?(\d{1,15})\.([0-9a-f-]{36})$/;

export function encodeViewCursor(c: ViewCursor): string {
  const due = c.due === undefined ? '' : `${c.due ? c.due.getTime() : 'n'}.`;
  return `${due}${c.at.getTime()}.${c.id}`;
}

/** The cursor of a view's next page; a 400 for anything else (another view's cursor included). */
export function decodeViewCursor(raw: string, view: InboxView): ViewCursor {
  const m = cursorPattern.exec(raw);
  const byDue = sortColumn[view] !== undefined;
  if (!m || !isUuid(m[3]!) || (m[1] !== undefined) !== byDue) {
    throw new AppError('validation', words.inbox.badCursor, { cursor: words.inbox.badCursor });
  }
  const due = m[1] === undefined ? undefined : m[1] === 'n' ? null : new Date(Number(m[1]));
  return { ...(byDue ? { due } : {}), at: new Date(Number(m[2])), id: m[3]! };
}

/** Rows after the cursor (placeholders `at`, `id` and, for a view with a sort time, `due`), in the view's order. */
type CursorKind = 'none' | 'after' | 'after_due' | 'after_no_due';
const cursorKind = (view: InboxView, cursor: ViewCursor | null): CursorKind =>
  !cursor ? 'none' : !sortColumn[view] ? 'after' : cursor.due ? 'after_due' : 'after_no_due';
function afterCursor(view: InboxView, kind: CursorKind): SQL {
  if (kind === 'none') return sql`true`;
  const after = sql`(c.latest_at, c.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
  if (kind === 'after') return after;
  const column = sql.raw(`c.${sortColumn[view]}`);
  if (kind === 'after_no_due') return sql`(${column} is null and ${after})`;
  const due = sql`${sql.placeholder('due')}::timestamptz`;
  return sql`(${column} > ${due} or ${column} is null or (${column} = ${due} and ${after}))`;
}

/** The view's order of the rows of table `t`. */
const orderOf = (view: InboxView, t = 'c') =>
  sql.raw(`${sortedBy[view] ? `${t}.${sortedBy[view]}, ` : ''}${t}.latest_at desc, ${t}.id desc`);

/**
 * A conversation and its shop as a page's JSON array holds them (one array per row, in this order;
 * times as ISO text). One JSON value per page spares the driver parsing every column of every row.
 */
type RawRow = [
  id: string,
  shopId: string,
  externalId: string,
  customerName: string,
  latestText: string,
  latestAt: string,
  lastFrom: RowConversation['lastFrom'],
  unreadCount: number,
  botEnabled: boolean | null,
  handedOver: boolean,
  handoverReason: string | null,
  handoverCode: string | null,
  resolvedAt: string | null,
  snoozedUntil: string | null,
  wokeAt: string | null,
  replyDueAt: string | null,
  answerDue: boolean,
  draftUntil: string | null,
  shopName: string,
  provider: RowShop['provider'],
  defaultBotStatus: boolean,
];
const rowArray = sql`json_build_array(page.id, page.shop_id, page.external_id, page.customer_name,
  page.latest_text, page.latest_at, page.last_from, page.unread_count, page.bot_enabled, page.handed_over,
  page.handover_reason, page.handover_code, page.resolved_at, page.snoozed_until, page.woke_at, page.reply_due_at,
  page.answer_due, page.draft_until, page.shop_name, page.provider, page.default_bot_status)`;
const rowColumns = sql`c.id, c.shop_id, c.external_id, c.customer_name, c.latest_text, c.latest_at, c.last_from,
  c.unread_count, c.bot_enabled, c.handed_over, c.handover_reason, c.handover_code, c.resolved_at,
  c.snoozed_until, c.woke_at, c.reply_due_at, c.answer_due, c.draft_until`;
const maybeDate = (v: string | null) => (v === null ? null : new Date(v));

function parseRow([
  id,
  shopId,
  externalId,
  customerName,
  latestText,
  latestAt,
  lastFrom,
  unreadCount,
  botEnabled,
  handedOver,
  handoverReason,
  handoverCode,
  resolvedAt,
  snoozedUntil,
  wokeAt,
  replyDueAt,
  answerDue,
  draftUntil,
  shopName,
  provider,
  defaultBotStatus,
]: RawRow): { conversation: RowConversation; shop: RowShop } {
  return {
    conversation: {
      id,
      shopId,
      externalId,
      customerName,
      latestText,
      latestAt: new Date(latestAt),
      lastFrom,
      unreadCount: Number(unreadCount),
      botEnabled,
      handedOver,
      handoverReason,
      handoverCode,
      resolvedAt: maybeDate(resolvedAt),
      snoozedUntil: maybeDate(snoozedUntil),
      wokeAt: maybeDate(wokeAt),
      replyDueAt: maybeDate(replyDueAt),
      answerDue,
      draftUntil: maybeDate(draftUntil),
    },
    shop: { id: shopId, name: shopName, provider, defaultBotStatus },
  };
}

type ListOptions = z.output<typeof inboxListQuery>;

/** A shop's counts as the counts query answers them: a column per counted view. */
export type CountsRow = { shop_id: string } & Record<(typeof countedViews)[number], number>;
const countKey = {
  needs_you: 'needsYou',
  drafts: 'drafts',
  waiting: 'waiting',
  snoozed: 'snoozed',
  bot: 'bot',
  unread: 'unread',
  resolved: 'resolved',
  all: 'all',
} as const satisfies Record<(typeof countedViews)[number], string>;

/** The counts of each shop (rows in the shops' order) with the merchant's totals. */
export function countsOf(rows: CountsRow[]): InboxCounts {
  const shops = rows.map((r) => ({
    shopId: r.shop_id,
    ...(Object.fromEntries(countedViews.map((v) => [countKey[v], Number(r[v])])) as Record<
      (typeof countKey)[keyof typeof countKey],
      number
    >),
  }));
  const total = (key: (typeof countKey)[keyof typeof countKey]) => shops.reduce((n, s) => n + s[key], 0);
  return {
    needsYou: total('needsYou'),
    drafts: total('drafts'),
    waiting: total('waiting'),
    snoozed: total('snoozed'),
    unread: total('unread'),
    bot: total('bot'),
    resolved: total('resolved'),
    all: total('all'),
    shops,
  };
}

const isSwitchView = (v: string) => (switchViews as readonly string[]).includes(v);
const tallyArgs = (moment: string) =>
  `c.resolved_at, c.snoozed_until, c.woke_at, c.latest_at, c.handed_over, c.last_from, c.bot_enabled,
    c.answer_due, c.unread_count, c.draft_until, ${moment}`;
/** Each view's count of a shop `s` from its tallies `t` and its passed snoozes `w`. */
const countColumns = countedViews
  .map((v) => {
    const of = (suffix: string) => `coalesce(t."${v}${suffix}", 0) + w."${v}${suffix}"`;
    const count = isSwitchView(v)
      ? `case when s.default_bot_status then ${of('_on')} else ${of('_off')} end`
      : of('');
    return `(${count})::int as "${v}"`;
  })
  .join(', ');
/**
 * Per shop: its tallies (kept by triggers, migrations 0012, 0017 and 0021), and for each
 * conversation whose snooze has passed but which the wake job has not cleared yet, or whose draft's
 * response window runs low, what it counts for now in place of what the tallies count it for
 * (snoozed, draft).
 */
const countsFrom = `shops s
  left join lateral (select ${tallyColumns.map((c) => `sum(x."${c}") as "${c}"`).join(', ')}
    from inbox_tallies x where x.shop_id = s.id) t on true
  cross join lateral (select ${tallyColumns.map((c) => `coalesce(sum(l."${c}" - f."${c}"), 0) as "${c}"`).join(', ')}
    from conversations c
    cross join lateral inbox_tally_of(${tallyArgs('now()')}) l
    cross join lateral inbox_tally_of(${tallyArgs("'-infinity'")}) f
    where c.shop_id = s.id and ((c.snoozed_until is not null and c.snoozed_until <= now())
      or (c.draft_until is not null and c.draft_until <= now()))) w`;

/** The one inbox's reads across all of a merchant's shops: views, search and counts. */
export function createInboxViews(db: Db) {
  // Hot reads: each combination of view, filters and cursor is one statement, prepared (parsed and
  // planned once per connection).
  const lists = new Map<string, ReturnType<typeof prepareList>>();
  function prepareList(
    name: string,
    pageSize: number | null,
    view: InboxView,
    kind: CursorKind,
    shop: boolean,
    channel: boolean,
    search: boolean,
  ) {
    const order = orderOf(view);
    const limit = pageSize === null ? sql.placeholder('limit') : sql.raw(String(pageSize + 1));
    // Search: the merchant's conversations whose shopper name or any message matches, found once
    // through the trigram indexes (not per shop), then paged like the view.
    const own = sql`(select o.id from shops o where o.merchant_id = ${sql.placeholder('merchantId')})`;
    const matches = search
      ? sql`and c.id in (
          select x.id from conversations x where x.customer_name ilike ${sql.placeholder('q')} and x.shop_id in ${own}
          union all
          select m.conversation_id from messages m where m.text ilike ${sql.placeholder('q')} and m.shop_id in ${own})`
      : sql``;
    const keyOrder = orderOf(view, 'k');
    const pageOrder = orderOf(view, 'page');
    // Two passes: each shop's page of keys, read from its view's index alone (every column a
    // view filters on is in it, migration 0011), then the merchant's page of rows by primary key.
    // One pass read the whole row of every candidate of every shop, and of every row the view's
    // filter then dropped (a shop whose bot answers its waiting shoppers, in needs_you).
    const keyColumns = sql.raw(`c.id, c.latest_at${sortColumn[view] ? `, c.${sortColumn[view]}` : ''}`);
    const keys = sql`select k.*, s.name as shop_name, s.provider, s.default_bot_status
      from shops s cross join lateral (${
        view === 'bot'
          ? // The bot's conversations are most of a shop whose switch is on, and only the overrides
            // of one whose switch is off: one branch runs per shop (the other is cut by its shop's
            // switch), the second on the small index of overrides.
            sql`(select ${keyColumns} from conversations c
                where c.shop_id = s.id and s.default_bot_status and c.bot_enabled is not false
                  and ${viewCondition.bot} and ${afterCursor(view, kind)} ${matches}
                order by ${order} limit ${limit})
              union all
              (select ${keyColumns} from conversations c
                where c.shop_id = s.id and not s.default_bot_status and c.bot_enabled
                  and ${viewCondition.bot} and ${afterCursor(view, kind)} ${matches}
                order by ${order} limit ${limit})`
          : sql`select ${keyColumns} from conversations c
                where c.shop_id = s.id and ${viewCondition[view]} and ${afterCursor(view, kind)} ${matches}
                order by ${order} limit ${limit}`
      }) k
      where s.merchant_id = ${sql.placeholder('merchantId')}
        ${shop ? sql`and s.id = ${sql.placeholder('shopId')}::uuid` : sql``}
        ${channel ? sql`and s.provider = ${sql.placeholder('channel')}` : sql``}
      order by ${keyOrder}
      limit ${limit}`;
    const page = sql`select ${rowColumns}, k.shop_name, k.provider, k.default_bot_status
      from (${keys}) k join conversations c on c.id = k.id`;
    return db
      .select({
        rows: sql<RawRow[] | string>`coalesce(json_agg(${rowArray} order by ${pageOrder}), '[]'::json)`,
      })
      .from(sql`(${page}) page`)
      .prepare(name);
  }
  /**
   * The app's page size is written into the statement: with the limit a placeholder, PostgreSQL
   * costs the generic plan for an unknown limit, finds it dearer than planning for the values, and
   * plans the statement on every run, which costs as much as running it. With the limit written
   * in, the generic plan costs the same and is kept after the first runs. Other sizes are rare.
   */
  function listQuery(
    view: InboxView,
    kind: CursorKind,
    shop: boolean,
    channel: boolean,
    search: boolean,
    limit: number,
  ) {
    const pageSize = limit === limits.inbox.pageSize ? limit : null;
    const name = `inbox_view_${view}_${kind}${shop ? '_shop' : ''}${channel ? '_channel' : ''}${search ? '_search' : ''}${pageSize === null ? '_sized' : ''}`;
    let query = lists.get(name);
    if (!query) {
      query = prepareList(name, pageSize, view, kind, shop, channel, search);
      lists.set(name, query);
    }
    return query;
  }
  const countsQuery = db
    .select({
      shop_id: sql<string>`k.id`,
      ...(Object.fromEntries(countedViews.map((v) => [v, sql<number>`k.${sql.identifier(v)}`])) as Record<
        (typeof countedViews)[number],
        SQL<number>
      >),
    })
    .from(
      sql`(select s.id, s.created_at, ${sql.raw(countColumns)} from ${sql.raw(countsFrom)}
        where s.merchant_id = ${sql.placeholder('merchantId')}) k`,
    )
    .orderBy(sql`k.created_at, k.id`)
    .prepare('inbox_counts');

  return {
    /**
     * A page of a view, newest activity first (needs_you: soonest reply deadline first). Each shop
     * contributes at most a page from its own index (a lateral join), so a page costs the same at
     * 10 or 10,000 conversations.
     */
    async list(merchantId: string, q: ListOptions): Promise<InboxPage> {
      const cursor = q.cursor ? decodeViewCursor(q.cursor, q.view) : null;
      const kind = cursorKind(q.view, cursor);
      const query = listQuery(q.view, kind, !!q.shopId, !!q.channel, !!q.q, q.limit);
      const [result] = await query.execute({
        merchantId,
        limit: q.limit + 1,
        ...(q.shopId ? { shopId: q.shopId } : {}),
        ...(q.channel ? { channel: q.channel } : {}),
        ...(q.q ? { q: `%${escapeLike(q.q)}%` } : {}),
        ...(cursor ? { at: cursor.at.toISOString(), id: cursor.id } : {}),
        ...(cursor?.due ? { due: cursor.due.toISOString() } : {}),
      });
      // node-postgres parses json, PGlite may hand it over as text.
      const raw = result?.rows ?? [];
      const rows = typeof raw === 'string' ? (JSON.parse(raw) as RawRow[]) : raw;
      const now = new Date();
      const page = rows.slice(0, q.limit).map(parseRow);
      const last = page.at(-1)?.conversation;
      return {
        data: page.map(({ conversation, shop }) => toInboxRow(conversation, shop, now)),
        nextCursor:
          rows.length > q.limit && last
            ? encodeViewCursor({
                ...(q.view === 'needs_you' ? { due: last.replyDueAt } : {}),
                ...(q.view === 'snoozed' ? { due: last.snoozedUntil } : {}),
                at: last.latestAt,
                id: last.id,
              })
            : null,
      };
    },

    /**
     * Folds each shop's tally rows into one, so the counts read a row per shop. Atomic: a count
     * sees either the rows or their sum, and rows written meanwhile stay for the next run.
     */
    async compactTallies() {
      const columns = tallyColumns.map((c) => `"${c}"`).join(', ');
      await db.execute(sql`with busy as (select shop_id from inbox_tallies group by shop_id having count(*) > 1),
        gone as (delete from inbox_tallies t using busy where t.shop_id = busy.shop_id returning t.*)
        insert into inbox_tallies (shop_id, ${sql.raw(columns)})
        select shop_id, ${sql.raw(tallyColumns.map((c) => `sum("${c}")`).join(', '))} from gone group by shop_id
        having ${sql.raw(tallyColumns.map((c) => `sum("${c}") <> 0`).join(' or '))}`);
    },

    /** Every view's count of every shop of the merchant, in one query. */
    counts: async (merchantId: string) => countsOf(await countsQuery.execute({ merchantId })),
  };
}

export type InboxViews = ReturnType<typeof createInboxViews>;
