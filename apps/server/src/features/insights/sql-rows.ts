import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** The rows of a raw statement: both drivers (node-postgres and PGlite) answer `{ rows }`. */
export async function rowsOf<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
