import {
  type InboxCounts,
  type InboxPage,
  type InboxView,
  type inboxListQuery,
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

/**
 * The views' conditions on a conversation `c` of a shop `s`, written as the partial indexes of
 * migration 0011 are (the planner uses an index only when the query implies its predicate), and
 * saying what inbox-row.ts's `inboxStateOf` says.
 */
const botOn = sql`coalesce(c.bot_enabled, s.default_bot_status)`;
const awake = sql`(c.snoozed_until is null or c.snoozed_until <= now())`;
export const viewCondition: Record<InboxView, SQL> = {
  needs_you: sql`c.resolved_at is null and (c.handed_over or c.last_from = 'customer') and ${awake}
    and (c.handed_over or not ${botOn} or not c.answer_due)`,
  unread: sql`c.resolved_at is null and c.unread_count > 0 and ${awake}`,
  // The shopper who wrote last is the bot's only while it owes them an answer.
  bot: sql`c.resolved_at is null and ${awake} and not c.handed_over and ${botOn}
    and (c.answer_due or c.last_from is distinct from 'customer')`,
  resolved: sql`c.resolved_at is not null`,
  all: sql`true`,
};

/** A page's position: the last row's reply deadline (needs_you only), time and id. */
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
  const byDue = view === 'needs_you';
  if (!m || !isUuid(m[3]!) || (m[1] !== undefined) !== byDue) {
    throw new AppError('validation', words.inbox.badCursor, { cursor: words.inbox.badCursor });
  }
  const due = m[1] === undefined ? undefined : m[1] === 'n' ? null : new Date(Number(m[1]));
  return { ...(byDue ? { due } : {}), at: new Date(Number(m[2])), id: m[3]! };
}

/** Rows after the cursor (placeholders `at`, `id` and, for needs_you, `due`), in the view's order. */
type CursorKind = 'none' | 'after' | 'after_due' | 'after_no_due';
const cursorKind = (view: InboxView, cursor: ViewCursor | null): CursorKind =>
  !cursor ? 'none' : view !== 'needs_you' ? 'after' : cursor.due ? 'after_due' : 'after_no_due';
function afterCursor(kind: CursorKind): SQL {
  if (kind === 'none') return sql`true`;
  const after = sql`(c.latest_at, c.id) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
  if (kind === 'after') return after;
  if (kind === 'after_no_due') return sql`(c.reply_due_at is null and ${after})`;
  const due = sql`${sql.placeholder('due')}::timestamptz`;
  return sql`(c.reply_due_at > ${due} or c.reply_due_at is null or (c.reply_due_at = ${due} and ${after}))`;
}

/** The view's order of the rows of table `t`. */
const orderOf = (view: InboxView, t = 'c') =>
  view === 'needs_you'
    ? sql.raw(`${t}.reply_due_at asc nulls last, ${t}.latest_at desc, ${t}.id desc`)
    : sql.raw(`${t}.latest_at desc, ${t}.id desc`);

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
  replyDueAt: string | null,
  answerDue: boolean,
  shopName: string,
  provider: RowShop['provider'],
  defaultBotStatus: boolean,
];
const rowArray = sql`json_build_array(page.id, page.shop_id, page.external_id, page.customer_name,
  page.latest_text, page.latest_at, page.last_from, page.unread_count, page.bot_enabled, page.handed_over,
  page.handover_reason, page.handover_code, page.resolved_at, page.snoozed_until, page.reply_due_at,
  page.answer_due, page.shop_name, page.provider, page.default_bot_status)`;
const rowColumns = sql`c.id, c.shop_id, c.external_id, c.customer_name, c.latest_text, c.latest_at, c.last_from,
  c.unread_count, c.bot_enabled, c.handed_over, c.handover_reason, c.handover_code, c.resolved_at,
  c.snoozed_until, c.reply_due_at, c.answer_due`;
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
  replyDueAt,
  answerDue,
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
      replyDueAt: maybeDate(replyDueAt),
      answerDue,
    },
    shop: { id: shopId, name: shopName, provider, defaultBotStatus },
  };
}

type ListOptions = z.output<typeof inboxListQuery>;

/** The counts of each shop (rows in the shops' order) with the merchant's totals. */
export function countsOf(rows: { shop_id: string; needs_you: number; unread: number }[]): InboxCounts {
  const shops = rows.map((r) => ({
    shopId: r.shop_id,
    needsYou: Number(r.needs_you),
    unread: Number(r.unread),
  }));
  return {
    needsYou: shops.reduce((n, s) => n + s.needsYou, 0),
    unread: shops.reduce((n, s) => n + s.unread, 0),
    shops,
  };
}

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
    const keyColumns = view === 'needs_you' ? sql`c.id, c.latest_at, c.reply_due_at` : sql`c.id, c.latest_at`;
    const keys = sql`select k.*, s.name as shop_name, s.provider, s.default_bot_status
      from shops s cross join lateral (${
        view === 'bot'
          ? // The bot's conversations are most of a shop whose switch is on, and only the overrides
            // of one whose switch is off: one branch runs per shop (the other is cut by its shop's
            // switch), the second on the small index of overrides.
            sql`(select ${keyColumns} from conversations c
                where c.shop_id = s.id and s.default_bot_status and c.bot_enabled is not false
                  and ${viewCondition.bot} and ${afterCursor(kind)} ${matches}
                order by ${order} limit ${limit})
              union all
              (select ${keyColumns} from conversations c
                where c.shop_id = s.id and not s.default_bot_status and c.bot_enabled
                  and ${viewCondition.bot} and ${afterCursor(kind)} ${matches}
                order by ${order} limit ${limit})`
          : sql`select ${keyColumns} from conversations c
                where c.shop_id = s.id and ${viewCondition[view]} and ${afterCursor(kind)} ${matches}
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
  // Per shop: its tallies (kept by triggers, migration 0012), plus the conversations whose snooze
  // has passed but which the wake job has not cleared yet; those the tallies leave out.
  const countsQuery = db
    .select({
      shop_id: sql<string>`s.id`,
      needs_you: sql<number>`(coalesce(t.needs_you, 0)
        + case when s.default_bot_status then 0 else coalesce(t.needs_you_if_bot_off, 0) end + w.needs_you)::int`,
      unread: sql<number>`(coalesce(t.unread, 0) + w.unread)::int`,
    })
    .from(
      sql`shops s
      left join lateral (select sum(x.needs_you) as needs_you, sum(x.needs_you_if_bot_off) as needs_you_if_bot_off,
          sum(x.unread) as unread
        from inbox_tallies x where x.shop_id = s.id) t on true
      cross join lateral (select count(*) filter (where ${viewCondition.needs_you}) as needs_you,
          count(*) filter (where ${viewCondition.unread}) as unread
        from conversations c where c.shop_id = s.id and c.snoozed_until is not null and c.snoozed_until <= now()) w`,
    )
    .where(sql`s.merchant_id = ${sql.placeholder('merchantId')}`)
    .orderBy(sql`s.created_at, s.id`)
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
      await db.execute(sql`with busy as (select shop_id from inbox_tallies group by shop_id having count(*) > 1),
        gone as (delete from inbox_tallies t using busy where t.shop_id = busy.shop_id returning t.*)
        insert into inbox_tallies (shop_id, needs_you, needs_you_if_bot_off, unread)
        select shop_id, sum(needs_you), sum(needs_you_if_bot_off), sum(unread) from gone group by shop_id
        having sum(needs_you) <> 0 or sum(needs_you_if_bot_off) <> 0 or sum(unread) <> 0`);
    },

    /** "Needs you" and unread of every shop of the merchant, in one query. */
    counts: async (merchantId: string) => countsOf(await countsQuery.execute({ merchantId })),
  };
}

export type InboxViews = ReturnType<typeof createInboxViews>;
