// The production server: src/main.ts and src/worker-main.ts bundled with the workspace packages they
// import (which export TypeScript sources) into plain JavaScript under dist/. Dependencies from
// node_modules stay imports, so native and WASM packages load as they do in development.
import { readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { build } from 'esbuild';
import { externalDependencies } from './external-dependencies.mjs';

const root = import.meta.dirname;

/**
 * Every worker thread's entry (`*.worker.ts` / `*.worker.mjs` under src/) is an entry of its own,
 * `dist/<name>.js`, where platform/threads.ts starts it from.
 */
function workerEntries() {
  const entries = {};
  for (const file of readdirSync(join(root, 'src'), { recursive: true })) {
    if (!/\.worker\.(ts|mjs)$/.test(file)) continue;
    const name = basename(file).replace(/\.(ts|mjs)$/, '');
    if (entries[name]) throw new Error(`two worker entries are named ${name}: ${entries[name]}, src/${file}`);
    entries[name] = `src/${file}`;
  }
  return entries;
}

rmSync(`${root}/dist`, { recursive: true, force: true });
const started = performance.now();
await build({
  absWorkingDir: root,
  entryPoints: { main: 'src/main.ts', 'worker-main': 'src/worker-main.ts', ...workerEntries() },
  outdir: 'dist',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalDependencies(join(root, 'dist'))],
});
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
