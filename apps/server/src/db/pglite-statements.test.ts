import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { boolean, customType, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareStatements } from './pglite-statements.ts';

// PGlite's query sent each statement as six calls into the database, parsed and planned it each
// time, and copied its parser table for drizzle's text parsers: a prepared statement is one call.

const numericList = customType<{ data: string; driverData: string }>({ dataType: () => 'numeric[]' });
const items = pgTable('items', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  local: timestamp('local', { mode: 'string' }),
  amounts: numericList('amounts'),
  data: jsonb('data'),
  done: boolean('done').notNull().default(false),
});
const CREATE = `create table items (id int primary key, name text not null, at timestamptz not null,
  local timestamp, amounts numeric[], data jsonb, done boolean not null default false)`;

/** A client whose calls into the database are counted. */
async function countedClient(prepared: boolean, kept?: number) {
  const client = new PGlite();
  await client.waitReady;
  const calls = { count: 0 };
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = (message, options) => {
    calls.count++;
    return execProtocolStream(message, options);
  };
  if (prepared) prepareStatements(client, kept === undefined ? {} : { kept });
  await client.exec(CREATE);
  return { client, db: drizzle(client), calls };
}

/** The same writes and reads, in and out of transactions; what drizzle reads back. */
async function workload(db: ReturnType<typeof drizzle>) {
  const at = new Date('2026-11-27T10:15:30.123Z');
  await db.insert(items).values({
    id: 1,
    name: 'one',
    at,
    local: '2026-11-27 18:15:30.5',
    amounts: '{1.50,2}',
    data: { nested: [1, 'two', null], big: '12345678901234567890' },
  });
  await db.transaction(async (tx) => {
    await tx.insert(items).values({ id: 2, name: 'two', at, local: null, amounts: null, data: null });
    await tx.update(items).set({ done: true }).where(eq(items.id, 2));
  });
  const rows = await db.select().from(items).orderBy(items.id);
  const raw = await db.execute(
    sql`select '2026-11-27'::date as day, interval '90 minutes' as span, count(*)::int as n, 2::bigint as big from items`,
  );
  const updated = await db
    .update(items)
    .set({ name: 'uno' })
    .where(eq(items.id, 1))
    .returning({ id: items.id });
  return { rows, raw: raw.rows, updated };
}

describe('PGlite statements prepared once', () => {
  let plain: Awaited<ReturnType<typeof countedClient>>;
  let fast: Awaited<ReturnType<typeof countedClient>>;
  beforeAll(async () => {
    plain = await countedClient(false);
    fast = await countedClient(true);
  });
  afterAll(async () => {
    await plain.client.close();
    await fast.client.close();
  });

  it('reads and writes what PGlite reads and writes on its own', async () => {
    const expected = await workload(plain.db);
    expect(await workload(fast.db)).toEqual(expected);
    expect(expected.rows[0]).toMatchObject({ at: new Date('2026-11-27T10:15:30.123Z'), amounts: '{1.50,2}' });
    expect(expected.raw).toEqual([{ day: '2026-11-27', span: '01:30:00', n: 2, big: 2 }]);
  });

  it('runs a statement seen before in one call into the database', async () => {
    const read = () => fast.db.select({ id: items.id }).from(items).where(eq(items.id, 1));
    await read();
    const before = fast.calls.count;
    for (let i = 0; i < 10; i++) await read();
    expect(fast.calls.count - before).toBe(10);
  });

  it('fails as PGlite does, and a failed transaction is rolled back', async () => {
    const duplicate = () => fast.db.insert(items).values({ id: 1, name: 'again', at: new Date() });
    const plainError = await plain.db
      .insert(items)
      .values({ id: 1, name: 'again', at: new Date() })
      .catch((e: Error) => e);
    const error = await duplicate().catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error & { cause: { code: string } }).cause.code).toBe('23505');
    expect((error as Error & { cause: object }).cause).toMatchObject({
      code: (plainError as Error & { cause: { code: string } }).cause.code,
      query: expect.stringContaining('insert into "items"'),
    });
    await expect(
      fast.db.transaction(async (tx) => {
        await tx.insert(items).values({ id: 3, name: 'three', at: new Date() });
        await tx.insert(items).values({ id: 1, name: 'again', at: new Date() });
      }),
    ).rejects.toThrow();
    expect(await fast.db.select().from(items).where(eq(items.id, 3))).toEqual([]);
    // A syntax error is never kept as a prepared statement: the next statement runs.
    await expect(fast.client.query('selec $1::int', [1])).rejects.toMatchObject({
      code: '42601',
      query: 'selec $1::int',
    });
    expect((await fast.client.query('select $1::int as one', [1])).rows).toEqual([{ one: 1 }]);
  });

  it('closes the least recently run statements past its limit and prepares them again', async () => {
    const small = await countedClient(true, 2);
    for (let round = 0; round < 3; round++)
      for (let n = 1; n <= 4; n++)
        expect((await small.client.query(`select $1::int + ${n} as v`, [round])).rows).toEqual([
          { v: round + n },
        ]);
    const { rows } = await small.client.query<{ n: number }>(
      'select count(*)::int as n from pg_prepared_statements',
    );
    expect(rows[0]!.n).toBeLessThanOrEqual(3);
    await small.client.close();
  });

  it('answers after the table under a prepared statement changed its columns', async () => {
    await fast.client.query('create table shapes (id int primary key, size int)');
    await fast.client.query('insert into shapes values (1, 5)');
    const read = 'select * from shapes where id = $1';
    expect((await fast.client.query(read, [1])).rows).toEqual([{ id: 1, size: 5 }]);
    await fast.client.query('alter table shapes alter column size type text');
    expect((await fast.client.query(read, [1])).rows).toEqual([{ id: 1, size: '5' }]);
    expect((await fast.client.query(read, [1])).rows).toEqual([{ id: 1, size: '5' }]);
  });
});
