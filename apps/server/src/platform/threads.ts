import { constants, setPriority } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker, type WorkerOptions } from 'node:worker_threads';
import { serverRoot } from '../paths.ts';

/** Whether this code runs from the sources (Vitest, tsx) rather than from the build in dist/. */
const fromSources = import.meta.url.endsWith('.ts');

/**
 * Starts a worker thread from its entry, named by its path under `apps/server/src`
 * (`features/knowledge/ingest.worker.ts`). build.mjs bundles every `*.worker.ts` / `*.worker.mjs` as
 * an entry of its own, `dist/<name>.js`, which the built server runs; from the sources a TypeScript
 * entry is started through tsx (ts-worker.mjs) and a JavaScript one as it is. Workers get none of
 * the parent's command-line options (loaders, inspector).
 */
export function startWorker(entry: string, options: WorkerOptions = {}): Worker {
  if (!fromSources) {
    const name = basename(entry).replace(/\.(ts|mjs)$/, '');
    return new Worker(join(serverRoot, 'dist', `${name}.js`), { execArgv: [], ...options });
  }
  const source = join(serverRoot, 'src', entry);
  if (source.endsWith('.mjs')) return new Worker(source, { execArgv: [], ...options });
  return new Worker(join(serverRoot, 'src/platform/ts-worker.mjs'), {
    execArgv: [],
    ...options,
    argv: [pathToFileURL(source).href],
  });
}

/**
 * Lowers the calling thread's scheduling priority below the event loop's, so that on a busy machine
 * a worker's long task gives way to requests. Linux only: there a nice value is the thread's own
 * (elsewhere it would lower the whole process); skipped where it is not allowed.
 */
export function lowerThreadPriority() {
  if (process.platform !== 'linux') return;
  try {
    setPriority(0, constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {}
}
