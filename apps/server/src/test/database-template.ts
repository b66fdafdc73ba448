import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client.ts';
import { serverRoot } from '../paths.ts';

/**
 * One pre-migrated embedded database for the whole test run: starting PGlite from this dump takes
 * about half a second, where a fresh one (initdb and migrations) takes three to five. The name
 * carries a hash of the migrations, so a changed migration never meets a stale template.
 */
export function databaseTemplatePath(): string {
  const folder = join(serverRoot, 'drizzle');
  const hash = createHash('sha256');
  for (const name of readdirSync(folder).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(folder, name)));
  }
  return join(tmpdir(), `balas-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** Writes the template unless this run's migrations already have one (called once, by vitest's global setup). */
export async function ensureDatabaseTemplate(): Promise<void> {
  const path = databaseTemplatePath();
  if (existsSync(path)) return;
  const database = await openDatabase({ dataDir: null });
  try {
    const dump = await database.dump();
    const partial = `${path}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await database.close();
  }
}

/** The template for a test's in-memory database, or undefined (the database then migrates itself). */
export function readDatabaseTemplate(): Blob | undefined {
  const path = databaseTemplatePath();
  return existsSync(path) ? new Blob([readFileSync(path)]) : undefined;
}
