import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDatabaseTemplate } from '../test/database-template.ts';
import { type Database, openDatabase } from './client.ts';

// PGlite runs statements on this thread and awaited statements resolve as microtasks: without a turn
// given back, a chain of them (a job storing and answering a push) holds every request until its end.
describe('the embedded database and the event loop', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: null, startFrom: readDatabaseTemplate() });
  });
  afterAll(async () => {
    await database.close();
  });

  it('lets a timer run between the statements of a long chain, not only after it', async () => {
    let firedAt: number | null = null;
    const timer = setTimeout(() => {
      firedAt = performance.now();
    }, 0);
    const started = performance.now();
    // Long enough to pass the slice whatever the machine: a few hundred small statements.
    let statements = 0;
    while (performance.now() - started < 100 || statements < 200) {
      await database.db.execute(sql`select ${statements}::int as n`);
      statements++;
    }
    const ended = performance.now();
    clearTimeout(timer);
    expect(firedAt).not.toBeNull();
    expect(firedAt!).toBeLessThan(ended);
  });

  it('keeps a transaction whole: statements of others wait for its end', async () => {
    const order: string[] = [];
    const inside = database.db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++) await tx.execute(sql`select ${i}::int`);
      order.push('transaction');
    });
    await new Promise((r) => setTimeout(r, 0));
    const outside = database.db.execute(sql`select 1`).then(() => order.push('outside'));
    await Promise.all([inside, outside]);
    expect(order).toEqual(['transaction', 'outside']);
  });
});

describe('the embedded database settings', () => {
  it('sizes its shared buffers as configured', async () => {
    const database = await openDatabase({
      dataDir: null,
      startFrom: readDatabaseTemplate(),
      sharedBuffersMb: 24,
    });
    try {
      // PGlite's execute answers its Results: the rows under `rows`.
      const shown = (await database.db.execute(sql`show shared_buffers`)) as unknown as {
        rows: { shared_buffers: string }[];
      };
      expect(shown.rows[0]?.shared_buffers).toBe('24MB');
    } finally {
      await database.close();
    }
  });
});
