import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { serverRoot } from '../paths.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database type features see: identical on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The embedded database's files as one archive (PGlite only), to start another from. */
  dump(): Promise<Blob>;
  /** Liveness probe for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = join(serverRoot, 'drizzle');
// Any fixed number works; it only has to be the same for every process of one deployment.
const MIGRATION_LOCK = 727_274_001;

/** PostgreSQL when a URL is given, otherwise PGlite persisted under dataDir (or in memory when dataDir is null). */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  poolSize?: number;
  /** PGlite in memory only: start from this dump of an already migrated database. */
  startFrom?: Blob | undefined;
}): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', () => {});
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    const client = await pool.connect();
    try {
      // Several processes may start at once: one migrates, the others wait for it.
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return {
      db,
      kind: 'postgres',
      dump: () => Promise.reject(new Error('only an embedded database can be dumped')),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let dataPath: string | undefined;
  if (options.dataDir !== null) {
    dataPath = join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  // pg_trgm: the vouchers log's search indexes (migration 0002), as on PostgreSQL.
  const client = new PGlite({
    dataDir: dataPath,
    extensions: { pg_trgm },
    ...(options.startFrom && dataPath === undefined ? { loadDataDir: options.startFrom } : {}),
  });
  await client.waitReady;
  // A new 16 MB WAL file is otherwise written full of zeros, on the event loop: a 200 ms stall every
  // 16 MB of writes (a big knowledge file, a first sync). Only the space reservation is skipped.
  await client.exec('set wal_init_zero = off');
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return {
    db: pgliteDb as unknown as Db,
    kind: 'pglite',
    dump: async () => client.dumpDataDir('none'),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
