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
import { prepareStatements } from './pglite-statements.ts';
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
  /** PGlite only: PostgreSQL's shared buffers (default 128 MB). */
  sharedBuffersMb?: number;
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
    ...(options.sharedBuffersMb
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffersMb}MB`] }
      : {}),
    ...(options.startFrom && dataPath === undefined ? { loadDataDir: options.startFrom } : {}),
  });
  await client.waitReady;
  yieldBetweenStatements(client);
  prepareStatements(client);
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

/**
 * Longest PGlite may run statements back to back before it lets the event loop take a turn. Its
 * statements run on this thread, and statements awaited one after another (a job storing and
 * answering a push, a request) resolve as microtasks, so without a turn given back the event loop
 * serves nothing until the whole chain is done: a push of 400,000 characters held /api/health for
 * 150-500 ms, although none of its statements took more than 11 ms.
 */
const PGLITE_SLICE_MS = 8;

/**
 * Before each protocol message PGlite is handed (every statement is a few), and again before its
 * answer goes back to the caller, once PGLITE_SLICE_MS have passed since the event loop last had a
 * turn, waits for one (setImmediate): pending requests are read and answered between two statements,
 * and a long statement (storing a 400,000-character message) and what its caller does next (reading
 * the answer, analysing the message) do not add up to one block. A statement itself still runs whole,
 * and a transaction still holds the database until it ends: keep both short.
 */
function yieldBetweenStatements(client: PGlite) {
  let sliceStarted: number | null = null;
  const startSlice = () => {
    sliceStarted = performance.now();
    // Runs at the event loop's next turn: the slice ends there, whoever gave the turn.
    setImmediate(() => {
      sliceStarted = null;
    });
  };
  const turnIfSliceSpent = async () => {
    if (sliceStarted === null) startSlice();
    else if (performance.now() - sliceStarted >= PGLITE_SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      startSlice();
    }
  };
  const execProtocolStream = client.execProtocolStream.bind(client);
  client.execProtocolStream = async (message, options) => {
    await turnIfSliceSpent();
    const answer = await execProtocolStream(message, options);
    await turnIfSliceSpent();
    return answer;
  };
}
