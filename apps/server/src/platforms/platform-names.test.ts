import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';

/**
 * The platform seam as a lint rule (issue 27.1): outside the adapters (`apps/server/src/platforms/`),
 * the platform clients (`packages/marketplaces`, `packages/marketplace-sandbox`) and tests, no source
 * file names a platform as a string literal. What must know the names goes through the per-platform
 * descriptors in contracts (`channels.ts`: `providers`, `salesChannels`, `routeSegments`).
 */
const descriptors = new Set(['packages/contracts/src/channels.ts']);

const PLATFORM_LITERAL = /['"`](shopee|lazada)['"`]/;
const ROOTS = ['apps', 'packages'];
const EXEMPT = [
  /^apps\/server\/src\/platforms\//,
  /^packages\/marketplaces\//,
  /^packages\/marketplace-sandbox\//,
  /^packages\/bot\/eval-sets\//,
  /\.(test|spec)\.tsx?$/,
  /\/test\//,
];

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sources(path, out);
    else if (/\.(ts|tsx|mjs)$/.test(entry.name)) out.push(path);
  }
  return out;
}

/** Files naming a platform, outside the exempt ones and `exempt` (the descriptors by default). */
function namingFiles(exempt: ReadonlySet<string> = descriptors): Map<string, number> {
  const found = new Map<string, number>();
  for (const root of ROOTS)
    for (const app of readdirSync(join(repoRoot, root), { withFileTypes: true })) {
      if (!app.isDirectory()) continue;
      const src = join(repoRoot, root, app.name, 'src');
      let files: string[] = [];
      try {
        files = sources(src);
      } catch {
        continue;
      }
      for (const file of files) {
        const path = relative(repoRoot, file).split('\\').join('/');
        if (EXEMPT.some((e) => e.test(path)) || exempt.has(path)) continue;
        const lines = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => PLATFORM_LITERAL.test(line)).length;
        if (lines > 0) found.set(path, lines);
      }
    }
  return found;
}

describe('the platform seam', () => {
  it('has no source file outside the adapters and the descriptors naming a platform', () => {
    const naming = [...namingFiles()].map(([path, lines]) => `${path}: ${lines} line(s) name shopee/lazada`);
    expect(naming, 'use the adapter (platforms.of(provider)) or a descriptor in contracts').toEqual([]);
  });

  it('finds a platform named in a file it has not been told about', () => {
    expect(PLATFORM_LITERAL.test(`const p = 'lazada';`)).toBe(true);
    expect(PLATFORM_LITERAL.test('const shopeeish = provider;')).toBe(false);
    // It reads the tree: the descriptors name the platforms, and are found when they are not exempt.
    expect([...namingFiles(new Set()).keys()]).toEqual(expect.arrayContaining([...descriptors]));
  });
});
