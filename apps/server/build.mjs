// The production server: src/main.ts and src/worker-main.ts bundled with the workspace packages they
// import (which export TypeScript sources) into plain JavaScript under dist/. Dependencies from
// node_modules stay imports, so native and WASM packages load as they do in development.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

const root = import.meta.dirname;

/** The folder Node would load package `name` from, looking up from `dir`. */
function packageDir(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(at) === at) return null;
  }
}

/**
 * Dependencies stay imports that Node resolves at run time, from dist/. A package that Node would
 * not find from there (npm nested it under one workspace package, at another version) is bundled.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, ({ path, resolveDir }) => {
      if (path.startsWith('@balas/')) return undefined;
      if (isBuiltin(path)) return { path, external: true };
      const name = path
        .split('/')
        .slice(0, path.startsWith('@') ? 2 : 1)
        .join('/');
      const sameForNode = packageDir(name, resolveDir) === packageDir(name, join(root, 'dist'));
      return sameForNode ? { path, external: true } : undefined;
    });
  },
};

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
  plugins: [externalDependencies],
});
console.log(`server built into apps/server/dist in ${Math.round(performance.now() - started)} ms`);
