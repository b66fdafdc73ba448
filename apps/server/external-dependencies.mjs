// How the server's bundles treat node_modules packages (apps/server/build.mjs, and benches that
// bundle an entry of their own beside dist/).
import { existsSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join } from 'node:path';

/** The folder Node would load package `name` from, looking up from `dir`. */
function packageDir(name, dir) {
  for (let at = dir; ; at = dirname(at)) {
    const candidate = join(at, 'node_modules', name);
    if (existsSync(join(candidate, 'package.json'))) return candidate;
    if (dirname(at) === at) return null;
  }
}

/**
 * Dependencies stay imports that Node resolves at run time, from `distDir`. A package that Node
 * would not find from there (npm nested it under one workspace package, at another version) is bundled.
 */
export function externalDependencies(distDir) {
  return {
    name: 'external-dependencies',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, ({ path, resolveDir }) => {
        if (path.startsWith('@balas/')) return undefined;
        if (isBuiltin(path)) return { path, external: true };
        const name = path
          .split('/')
          .slice(0, path.startsWith('@') ? 2 : 1)
          .join('/');
        const sameForNode = packageDir(name, resolveDir) === packageDir(name, distDir);
        return sameForNode ? { path, external: true } : undefined;
      });
    },
  };
}
