import { type InboxView, inboxView, limits } from '@balas/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';
import { countedViews, inboxStateOf, inView, type StateFacts } from './inbox-state.ts';
import { type CountsRow, countsOf, viewCondition } from './views.service.ts';

let t: TestApp;
let merchantA: string;
let merchantB: string;
let shopsA: string[];
let shopB: string;

// node-postgres and PGlite both answer { rows }; the driver-neutral Db types the answer as unknown.
const query = async <Row>(statement: SQL) =>
  ((await t.ctx.database.db.execute(statement)) as unknown as { rows: Row[] }).rows;
const merchantOf = async (headers: Record<string, string>) =>
  ((await t.app.inject({ url: '/api/me', headers })).json() as { data: { id: string } }).data.id;

/** The counts as the views define them, straight from the conversations: what the tallies must say. */
async function countedFromConversations(merchantId: string) {
  const rows = await query<CountsRow>(sql`
    select s.id as shop_id, ${sql.join(
      countedViews.map(
        (v) => sql`(count(c.id) filter (where ${viewCondition[v]}))::int as ${sql.identifier(v)}`,
      ),
      sql`, `,
    )}
    from shops s left join conversations c on c.shop_id = s.id
    where s.merchant_id = ${merchantId}
    group by s.id, s.created_at order by s.created_at, s.id`);
  return countsOf(rows);
}

/** Every conversation is in the same views by the rule compiled to SQL as by it in TypeScript. */
async function sameInSqlAndTypeScript(label: string) {
  const rows = await query<Record<string, unknown>>(sql`
    select c.resolved_at, c.snoozed_until, c.woke_at, c.latest_at, c.handed_over, c.last_from,
      coalesce(c.bot_enabled, s.default_bot_status) as bot_on, c.answer_due, c.unread_count, c.draft_until,
      now() as now,
      ${sql.join(
        inboxView.options.map((v) => sql`coalesce(${viewCondition[v]}, false) as ${sql.identifier(v)}`),
        sql`, `,
      )}
    from conversations c join shops s on s.id = c.shop_id`);
  const date = (v: unknown) => (v === null ? null : new Date(v as string));
  for (const r of rows) {
    const facts: StateFacts = {
      resolvedAt: date(r.resolved_at),
      snoozedUntil: date(r.snoozed_until),
      wokeAt: date(r.woke_at),
      latestAt: date(r.latest_at)!,
      handedOver: r.handed_over as boolean,
      lastFrom: r.last_from as StateFacts['lastFrom'],
      botOn: r.bot_on as boolean,
      answerDue: r.answer_due as boolean,
      unreadCount: Number(r.unread_count),
      draftUntil: date(r.draft_until),
    };
    const now = date(r.now)!;
    const inSql = inboxView.options.filter((v) => r[v] === true);
    const inTs = inboxView.options.filter((v) => inView(v, facts, now));
    expect(inSql, `${label}: ${JSON.stringify(facts)} (${inboxStateOf(facts, now)})`).toEqual(inTs);
  }
  return rows.length;
}

/** A small seeded generator, so a failing sequence can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return { next, pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]! };
}

beforeAll(async () => {
  t = await createTestApp();
  const a = await signUp(t.app);
  const b = await signUp(t.app);
  merchantA = await merchantOf(a.headers);
  merchantB = await merchantOf(b.headers);
  shopsA = [
    await createWebsiteShop(t.app, a.headers, 'Bot off'),
    await createWebsiteShop(t.app, a.headers, 'Bot on'),
  ];
  shopB = await createWebsiteShop(t.app, b.headers, 'Other merchant');
  await query(sql`update shops set default_bot_status = (name = 'Bot on')`);
});
afterAll(async () => {
  await t?.close();
});

describe('the inbox counts kept by triggers', () => {
  it('always equal the views counted from the conversations, through any sequence of changes', async () => {
    const { views } = t.app.services.inbox;
    const rng = random(20261125);
    const allShops = () => [...shopsA, shopB];
    let n = 0;
    const at = (ms: number) => new Date(Date.now() + ms).toISOString();
    const [now, aMinuteAgo, inAnHour, inTwoHours] = [at(0), at(-60_000), at(3_600_000), at(7_200_000)];
    const values = {
      resolved_at: [sql`null`, sql`null`, sql`now()`],
      snoozed_until: [sql`null`, sql`null`, sql`${aMinuteAgo}`, sql`${inAnHour}`, sql`${inTwoHours}`],
      woke_at: [sql`null`, sql`null`, sql`${now}`, sql`${aMinuteAgo}`],
      handed_over: [sql`false`, sql`false`, sql`true`],
      last_from: [sql`null`, sql`'customer'`, sql`'customer'`, sql`'bot'`, sql`'agent'`],
      bot_enabled: [sql`null`, sql`null`, sql`true`, sql`false`],
      answer_due: [sql`false`, sql`true`],
      unread_count: [sql`0`, sql`0`, sql`1`, sql`3`],
      // A draft waiting (draft mode): ahead, or its response window running low already.
      draft_until: [sql`null`, sql`null`, sql`null`, sql`${aMinuteAgo}`, sql`${inAnHour}`],
      // Times as the app writes them: JavaScript dates, whole milliseconds (the cursors' precision).
      reply_due_at: [sql`null`, sql`${inAnHour}`, sql`${inTwoHours}`],
      latest_at: [sql`${now}`, sql`${now}`, sql`${aMinuteAgo}`],
    };
    const columns = Object.keys(values) as (keyof typeof values)[];
    const someConversations = (limit: number) =>
      sql`(select id from conversations order by md5(id::text || ${String(rng.next())}) limit ${limit})`;
    const steps: Record<string, () => Promise<unknown>> = {
      async insert() {
        const rows = Array.from({ length: 1 + Math.floor(rng.next() * 3) }, () => {
          n++;
          return sql`(${rng.pick(allShops())}::uuid, ${`c${n}`}, ${sql.join(
            columns.map((column) => rng.pick(values[column])),
            sql`, `,
          )})`;
        });
        await query(
          sql`insert into conversations (shop_id, external_id, ${sql.join(
            columns.map((column) => sql.identifier(column)),
            sql`, `,
          )}) values ${sql.join(rows, sql`, `)}`,
        );
      },
      async update() {
        const column = rng.pick(columns);
        await query(
          sql`update conversations set ${sql.identifier(column)} = ${rng.pick(values[column])}
            where id in ${someConversations(1 + Math.floor(rng.next() * 4))}`,
        );
      },
      async updateSeveral() {
        const sets = columns
          .filter(() => rng.next() < 0.5)
          .map((column) => sql`${sql.identifier(column)} = ${rng.pick(values[column])}`);
        if (sets.length === 0) return;
        await query(
          sql`update conversations set ${sql.join(sets, sql`, `)} where id in ${someConversations(2)}`,
        );
      },
      async twoStatementsInOneTransaction() {
        await t.ctx.database.db.transaction(async (tx) => {
          for (const column of [rng.pick(columns), rng.pick(columns)]) {
            await tx.execute(
              sql`update conversations set ${sql.identifier(column)} = ${rng.pick(values[column])}
                where id in ${someConversations(1)}`,
            );
          }
        });
      },
      async moveToAnotherShop() {
        await query(sql`update conversations set shop_id = ${rng.pick(allShops())}::uuid
          where id in ${someConversations(1)}`);
      },
      async remove() {
        await query(sql`delete from conversations where id in ${someConversations(1)}`);
      },
      async switchShopBot() {
        await query(sql`update shops set default_bot_status = not default_bot_status
          where id = ${rng.pick(allShops())}::uuid`);
      },
      compact: () => views.compactTallies(),
      wake: () => t.app.services.inbox.wakeSnoozed(),
    };
    const kinds = Object.keys(steps);
    for (let i = 0; i < 40; i++) await steps.insert!();
    for (let step = 0; step < 300; step++) {
      const kind = rng.pick(kinds);
      await steps[kind]!();
      for (const merchant of [merchantA, merchantB]) {
        expect(await views.counts(merchant), `step ${step}: ${kind}`).toEqual(
          await countedFromConversations(merchant),
        );
      }
      if (step % 10 === 0) await sameInSqlAndTypeScript(`step ${step}: ${kind}`);
    }
    // The sequence reached every state the counts tell apart.
    const seen = await countedFromConversations(merchantA);
    for (const count of ['needsYou', 'drafts', 'waiting', 'snoozed', 'bot', 'unread', 'resolved'] as const) {
      expect(seen[count], count).toBeGreaterThan(0);
    }
  }, 180_000);

  it('page every view as its condition and order say, whatever the page size', async () => {
    const { views } = t.app.services.inbox;
    const orders: Record<InboxView, SQL> = {
      needs_you: sql`c.reply_due_at asc nulls last, c.latest_at desc, c.id desc`,
      drafts: sql`c.latest_at desc, c.id desc`,
      waiting: sql`c.latest_at desc, c.id desc`,
      snoozed: sql`c.snoozed_until asc, c.latest_at desc, c.id desc`,
      unread: sql`c.latest_at desc, c.id desc`,
      bot: sql`c.latest_at desc, c.id desc`,
      resolved: sql`c.latest_at desc, c.id desc`,
      all: sql`c.latest_at desc, c.id desc`,
    };
    // Every way to need the merchant, in a shop whose bot is off and in one whose bot is on.
    await query(sql`update shops set default_bot_status = (name = 'Bot on')`);
    const due = new Date(Date.now() + 1_800_000).toISOString();
    for (const [i, kind] of [
      sql`true, 'customer', null, false`,
      sql`false, 'customer', null, true`,
      sql`false, 'customer', false, true`,
      sql`false, 'bot', false, false`,
      // The shopper wrote last and the bot owes nothing (it did not answer): a person must.
      sql`false, 'customer', null, false`,
      sql`false, 'customer', true, false`,
      sql`false, 'customer', true, true`,
    ].entries()) {
      for (const shop of shopsA) {
        await query(sql`insert into conversations (shop_id, external_id, latest_at, reply_due_at, handed_over,
            last_from, bot_enabled, answer_due)
          values (${shop}::uuid, ${`kind${i}`}, ${new Date(Date.now() - i * 1000).toISOString()},
            ${i % 2 ? due : null}, ${kind})`);
      }
    }
    // Snoozed (two at the same time: the order falls back on the newest), and woken. Times as the
    // app writes them (whole milliseconds, the cursors' precision).
    const ms = (offset: number) => new Date(Date.now() + offset).toISOString();
    for (const [i, shop] of shopsA.entries()) {
      const [inAnHour, later] = [ms(3_600_000), ms((i + 2) * 3_600_000)];
      await query(sql`insert into conversations (shop_id, external_id, latest_at, last_from, snoozed_until, woke_at)
        values (${shop}::uuid, 'snoozed1', ${ms(0)}, 'agent', ${inAnHour}, null),
          (${shop}::uuid, 'snoozed2', ${ms(-1000)}, 'bot', ${inAnHour}, null),
          (${shop}::uuid, 'snoozed3', ${ms(0)}, 'customer', ${later}, null),
          (${shop}::uuid, 'woken', ${ms(-60_000)}, 'agent', null, ${ms(0)})`);
    }
    for (const view of Object.keys(orders) as InboxView[]) {
      const expected = await query<{ id: string }>(sql`select c.id from conversations c
        join shops s on s.id = c.shop_id
        where s.merchant_id = ${merchantA} and ${viewCondition[view]} order by ${orders[view]}`);
      expect(expected.length, view).toBeGreaterThan(0);
      for (const limit of [3, limits.inbox.pageSize]) {
        const seen: string[] = [];
        let cursor: string | undefined;
        do {
          const page = await views.list(merchantA, { view, limit, ...(cursor ? { cursor } : {}) });
          seen.push(...page.data.map((row) => row.id));
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        expect(seen, `${view}, pages of ${limit}`).toEqual(expected.map((r) => r.id));
      }
    }
  });

  it('fold each shop into one row, and a deleted shop takes its rows with it', async () => {
    const { views } = t.app.services.inbox;
    await views.compactTallies();
    const rows = await query<{ shop_id: string; n: number }>(
      sql`select shop_id, count(*)::int as n from inbox_tallies group by shop_id`,
    );
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    const before = await countedFromConversations(merchantA);
    await query(sql`delete from shops where id = ${shopB}::uuid`);
    expect(await query(sql`select 1 from inbox_tallies where shop_id = ${shopB}::uuid`)).toEqual([]);
    expect(await views.counts(merchantB)).toEqual({
      needsYou: 0,
      drafts: 0,
      waiting: 0,
      snoozed: 0,
      unread: 0,
      bot: 0,
      resolved: 0,
      all: 0,
      shops: [],
    });
    expect(await views.counts(merchantA)).toEqual(before);
  });
});
