import { parseArgs } from 'node:util';
import { desc, eq, inArray } from 'drizzle-orm';
import { ConfigError, loadConfig } from '../apps/server/src/config.ts';
import { type AppContext, closeContext, createContext } from '../apps/server/src/context.ts';
import { deadJobs } from '../apps/server/src/db/schema.ts';
import { registerJobs } from '../apps/server/src/jobs.ts';
import type { BoundJob } from '../apps/server/src/platform/queue.ts';
import { createServices } from '../apps/server/src/services.ts';

const usage = `Usage: npm run dead-jobs -- <command>
  list [--name <job>] [--limit <n>]   jobs that failed for good, newest first (default 50)
  retry <id...> | retry --all [--name <job>]
                                      queue them again (payload validated again) and remove them
  delete <id...> | delete --all [--name <job>]
                                      remove them without running them
Reads the same configuration as the server (DATABASE_URL, REDIS_URL, DATA_DIR). In embedded mode
(no DATABASE_URL) stop the server first: its database is one process's; retried jobs run at its next start.`;

/** `npm run dead-jobs`: see, retry or delete the jobs that failed for good (table dead_jobs). */
async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      limit: { type: 'string', default: '50' },
      all: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command = 'list', ...rest] = positionals;
  if (values.help || !['list', 'retry', 'delete'].includes(command)) {
    process.stdout.write(`${usage}\n`);
    process.exit(values.help ? 0 : 2);
  }
  const ids = rest.map((id) => {
    if (!/^\d+$/.test(id)) throw new Error(`Not a dead job id: ${id} (see "list")`);
    return Number(id);
  });
  if (command !== 'list' && ids.length === 0 && !values.all)
    throw new Error(`Give the ids to ${command}, or --all (with --name to pick one kind of job)`);

  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const ctx: AppContext = await createContext(config);
  try {
    const { db } = ctx.database;
    const where =
      ids.length > 0 ? inArray(deadJobs.id, ids) : values.name ? eq(deadJobs.name, values.name) : undefined;
    if (command === 'list') {
      const rows = await db
        .select()
        .from(deadJobs)
        .where(where)
        .orderBy(desc(deadJobs.failedAt))
        .limit(Number(values.limit));
      if (rows.length === 0) process.stdout.write('No dead jobs.\n');
      for (const row of rows) {
        process.stdout.write(
          `#${row.id}  ${row.failedAt.toISOString()}  ${row.name}  attempts ${row.attempts}\n` +
            `    payload ${JSON.stringify(row.payload)}\n    error   ${row.error.split('\n')[0]}\n`,
        );
      }
      return;
    }
    const rows = await db.select().from(deadJobs).where(where);
    if (command === 'delete') {
      await db.delete(deadJobs).where(
        inArray(
          deadJobs.id,
          rows.map((r) => r.id),
        ),
      );
      process.stdout.write(`Deleted ${rows.length} dead job(s).\n`);
      return;
    }
    // The definitions by name, as the server binds them (nothing is scheduled or consumed here).
    const bound = new Map<string, BoundJob>();
    const register = ctx.queue.register.bind(ctx.queue);
    ctx.queue.register = (list) => {
      for (const job of list) bound.set(job.definition.name, job);
      register(list);
    };
    await registerJobs(ctx, createServices(ctx), { schedule: false });
    let retried = 0;
    for (const row of rows) {
      const job = bound.get(row.name);
      if (!job) {
        process.stdout.write(`#${row.id}: no job named ${row.name} in this version; kept\n`);
        continue;
      }
      try {
        await ctx.queue.enqueue(job.definition, row.payload);
      } catch (error) {
        process.stdout.write(
          `#${row.id}: not queued (${error instanceof Error ? error.message.replace(/\s+/g, ' ') : error}); kept\n`,
        );
        continue;
      }
      await db.delete(deadJobs).where(eq(deadJobs.id, row.id));
      retried++;
    }
    process.stdout.write(
      `Queued ${retried} job(s) again${config.redisUrl ? '' : '; they run when the server (re)starts'}.\n`,
    );
  } finally {
    await closeContext(ctx);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof ConfigError || error instanceof Error ? error.message : error}\n`);
  process.exit(1);
});
