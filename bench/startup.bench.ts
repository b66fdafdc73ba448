import { readFileSync } from 'node:fs';
import { freePort } from '../e2e/support/server.ts';
import { createBenchDatabase, type Figure, spawnProduct } from './support.ts';

/** kB of a /proc/<pid>/status line (VmRSS: resident now, VmHWM: the peak). */
const procKb = (pid: number, field: 'VmRSS' | 'VmHWM') =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(new RegExp(`${field}:\\s+(\\d+)`))?.[1] ?? 0);

/** Spawns the built server and answers how long until /api/health answered, and the process. */
async function timedStart(dataDir: string) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const server = spawnProduct('main.js', {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.logs.join('')}`);
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`no answer from /api/health within 60 s:\n${server.logs.join('')}`);
    }
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ms: performance.now() - started, url, pid: server.child.pid!, stop: server.stop };
}

/**
 * The production server (compiled JavaScript, embedded PGlite): time from spawn to a healthy answer on a
 * fresh data directory (migrations included) and on a second start, and its memory once serving.
 */
export async function benchStartup(): Promise<Figure[]> {
  const database = await createBenchDatabase(false);
  try {
    const first = await timedStart(database.dataDir);
    await first.stop();
    const again = await timedStart(database.dataDir);
    // A few pages and API calls, as a merchant's first visit makes, before reading memory.
    for (const path of ['/', '/login', '/dashboard/shops', '/api/health', '/api/docs/json']) {
      await fetch(`${again.url}${path}`).then((r) => r.arrayBuffer());
    }
    const rss = procKb(again.pid, 'VmRSS') / 1024;
    const peak = procKb(again.pid, 'VmHWM') / 1024;
    await again.stop();
    return [
      // Most of a first start is PGlite creating its database cluster (about 10 s on a busy 2-core box).
      { name: 'start-up, fresh data directory (migrations)', value: first.ms, unit: 'ms', budget: 30_000 },
      { name: 'start-up, existing data', value: again.ms, unit: 'ms', budget: 4000 },
      { name: 'memory once serving (RSS)', value: rss, unit: 'MB', budget: 450 },
      { name: 'memory peak (VmHWM)', value: peak, unit: 'MB' },
    ];
  } finally {
    await database.drop();
  }
}
