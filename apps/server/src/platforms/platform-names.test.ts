import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../paths.ts';

/**
 * The platform seam as a lint rule (issue 27.1): outside the adapters (`apps/server/src/platforms/`),
 * the platform clients (`packages/marketplaces`, `packages/marketplace-sandbox`) and tests, no source
 * file names a platform as a string literal. What must know the names goes through the per-platform
 * descriptors in contracts (`channels.ts`, the `Provider` enum in `shops.ts`). The files below still
 * do, from before the seam: each may only lose them (lower its number here when it does), and no
 * other file may start.
 */
const descriptors = new Set(['packages/contracts/src/channels.ts', 'packages/contracts/src/shops.ts']);

/** Lines naming a platform in each file, today. */
const debt: Record<string, number> = {
  'apps/server/src/features/inbox/composer/composer.routes.ts': 1,
  'apps/server/src/features/inbox/inbox.routes.ts': 3,
  'apps/server/src/features/inbox/inbox.serialize.ts': 2,
  'apps/server/src/features/inbox/reply.service.ts': 1,
  'apps/server/src/features/orders/orders.routes.ts': 1,
  'apps/server/src/features/orders/orders.service.ts': 5,
  'apps/server/src/features/products/catalogue-sync.ts': 1,
  'apps/web/src/app/router.tsx': 2,
  'apps/web/src/app/shell/sidebar-links.tsx': 1,
  'apps/web/src/features/inbox/api/conversations.ts': 1,
  'apps/web/src/features/inbox/api/messages.ts': 1,
  'apps/web/src/features/insights/components/insights-page.tsx': 1,
  'apps/web/src/features/insights/components/knowledge-gaps.tsx': 1,
  'apps/web/src/features/onboarding/build-chatbot-page.tsx': 1,
  'apps/web/src/features/shops/components/add-shop-choose-step.tsx': 2,
  'apps/web/src/features/shops/components/add-shop-pending-step.tsx': 1,
  'apps/web/src/features/shops/components/getting-started.tsx': 1,
  'apps/web/src/features/simulator/components/simulator-page.tsx': 1,
  'packages/contracts/src/composer.ts': 4,
  'packages/contracts/src/orders.ts': 1,
  'packages/contracts/src/response-time.ts': 3,
};

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

function namingFiles(): Map<string, number> {
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
        if (EXEMPT.some((e) => e.test(path)) || descriptors.has(path)) continue;
        const lines = readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => PLATFORM_LITERAL.test(line)).length;
        if (lines > 0) found.set(path, lines);
      }
    }
  return found;
}

describe('the platform seam', () => {
  it('has no new source file outside the adapters naming a platform, and no more names in the old ones', () => {
    const over = [...namingFiles()]
      .filter(([path, lines]) => lines > (debt[path] ?? 0))
      .map(([path, lines]) => `${path}: ${lines} line(s) name shopee/lazada (allowed ${debt[path] ?? 0})`);
    expect(over, 'use the adapter (platforms.of(provider)) or a descriptor in contracts').toEqual([]);
  });

  it('finds a platform named in a file it has not been told about', () => {
    expect(PLATFORM_LITERAL.test(`const p = 'lazada';`)).toBe(true);
    expect(PLATFORM_LITERAL.test('const shopeeish = provider;')).toBe(false);
    expect(namingFiles().size).toBeGreaterThan(0);
  });
});
