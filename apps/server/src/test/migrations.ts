import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serverRoot } from '../paths.ts';

/**
 * A migrations folder under `dir` holding the committed migrations up to and including `last`, so a
 * test can store data as an earlier version did and then migrate the rest.
 */
export function migrationsUpTo(dir: string, last: number) {
  const source = join(serverRoot, 'drizzle');
  const journal = JSON.parse(readFileSync(join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { idx: number; tag: string }[];
  };
  const entries = journal.entries.filter((e) => e.idx <= last);
  const folder = join(dir, `upto-${last}`);
  mkdirSync(join(folder, 'meta'), { recursive: true });
  for (const e of entries) copyFileSync(join(source, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}
