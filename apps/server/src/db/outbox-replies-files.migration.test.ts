import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsUpTo } from '../test/migrations.ts';

// Migration 0026 on data stored before it (decision 0033): replies pending and files being read
// when it runs get their outbox events, due at once; what is settled gets none; the sweep counters
// go; and from then on the database writes a pending reply's event itself.

let client: PGlite;
let dir: string;
const ids: Record<string, string> = {};

const one = async <T>(sql: string, params: unknown[] = []) => (await client.query<T>(sql, params)).rows[0]!;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'm0026-'));
  client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  await migrate(db, { migrationsFolder: migrationsUpTo(dir, 25) });
  const merchant = await one<{ id: string }>(
    `insert into merchants (name, email, password_hash) values ('M', 'm@example.com', 'x') returning id`,
  );
  const shop = await one<{ id: string }>(
    `insert into shops (merchant_id, provider, name, person_name, person_email, person_phone, config)
     values ($1, 'shopee', 'Shop', 'P', 'p@example.com', '1', '{}') returning id`,
    [merchant.id],
  );
  ids.shop = shop.id;
  ids.conversation = (
    await one<{ id: string }>(
      `insert into conversations (shop_id, external_id) values ($1, 'c1') returning id`,
      [shop.id],
    )
  ).id;
  for (const status of ['pending', 'sent', 'failed']) {
    ids[`reply-${status}`] = (
      await one<{ id: string }>(
        `insert into messages (shop_id, conversation_id, sender, content, status, settle_tries)
         values ($1, $2, 'agent', '{"kind":"text","text":"hi"}', $3, 3) returning id`,
        [shop.id, ids.conversation, status],
      )
    ).id;
  }
  for (const status of ['processing', 'ready', 'failed']) {
    ids[`file-${status}`] = (
      await one<{ id: string }>(
        `insert into knowledge_files (shop_id, file_name, size, mime, storage_key, chunk_size, status)
         values ($1, 'faq.txt', 10, 'text/plain', 'k-' || $2, 500, $2) returning id`,
        [shop.id, status],
      )
    ).id;
  }
  await migrate(db, { migrationsFolder: migrationsUpTo(dir, 26) });
});

afterAll(async () => {
  await client?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('migration 0026', () => {
  it('gives the pending reply and the file being read their events, due now, and nothing else', async () => {
    const events = await client.query<{ kind: string; key: string; payload: unknown; due: boolean }>(
      `select kind, key, payload, next_at <= now() as due from outbox order by kind`,
    );
    expect(events.rows).toEqual([
      {
        kind: 'file.uploaded',
        key: ids['file-processing'],
        payload: { fileId: ids['file-processing'] },
        due: true,
      },
      {
        kind: 'reply.stored',
        key: ids['reply-pending'],
        payload: { messageId: ids['reply-pending'] },
        due: true,
      },
    ]);
  });

  it('drops the old sweep counters', async () => {
    const columns = await client.query<{ column_name: string }>(
      `select column_name from information_schema.columns
       where table_name = 'messages' and column_name in ('settle_tries', 'tried_at')`,
    );
    expect(columns.rows).toEqual([]);
  });

  it("writes a new pending reply's event with it, and removes it when the reply is sent", async () => {
    const reply = await one<{ id: string }>(
      `insert into messages (shop_id, conversation_id, sender, content, status)
       values ($1, $2, 'bot', '{"kind":"text","text":"yes"}', 'pending') returning id`,
      [ids.shop, ids.conversation],
    );
    const event = await one<{ count: number }>(
      `select count(*)::int as count from outbox where kind = 'reply.stored' and key = $1 and next_at > now()`,
      [reply.id],
    );
    expect(event.count).toBe(1);
    await client.query(`update messages set status = 'sent' where id = $1`, [reply.id]);
    const left = await one<{ count: number }>(`select count(*)::int as count from outbox where key = $1`, [
      reply.id,
    ]);
    expect(left.count).toBe(0);
  });
});
