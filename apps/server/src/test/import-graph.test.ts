import { relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the repository's scripts, without declarations.
import { defaultRoots, importCycles, importGraph } from '../../../../scripts/import-cycles.mjs';

// Issue 27.2: no import circle in the apps and packages (type-only imports count too), and no
// arrow running back up: what the server's layers may import, lowest first.
const repo = resolve(import.meta.dirname, '../../../..');

/** Circles being taken apart elsewhere may be listed here, and the list may only shrink (empty now). */
const KNOWN: string[] = [];

/** [importer prefix, imported prefix]: a file under the first (routes aside) never imports under the second. */
const NEVER: [string, string][] = [
  ['packages/', 'apps/'],
  ['apps/server/src/platform/', 'apps/server/src/features/'],
  ['apps/server/src/db/', 'apps/server/src/features/'],
  // Intake (webhooks, sync) -> inbox (the store) <- answering (replies); shops and orders below both.
  ['apps/server/src/features/inbox/', 'apps/server/src/features/answering/'],
  ['apps/server/src/features/inbox/', 'apps/server/src/features/webhooks/'],
  ['apps/server/src/features/inbox/', 'apps/server/src/features/drafts/'],
  ['apps/server/src/features/shops/', 'apps/server/src/features/inbox/'],
  ['apps/server/src/features/shops/', 'apps/server/src/features/answering/'],
  ['apps/server/src/features/shops/', 'apps/server/src/features/orders/'],
  ['apps/server/src/features/orders/', 'apps/server/src/features/answering/'],
  ['apps/server/src/features/orders/', 'apps/server/src/features/inbox/inbox.service.ts'],
  ['apps/server/src/features/webhooks/', 'apps/server/src/features/answering/'],
  ['apps/server/src/features/answering/', 'apps/server/src/features/webhooks/'],
];

describe('the import graph', () => {
  const roots: string[] = defaultRoots();

  it('has no import circle', () => {
    const cycles: string[][] = importCycles(roots);
    const found = cycles.map((c) => c.join(' '));
    expect(found.filter((c) => !KNOWN.includes(c))).toEqual([]);
  });

  it('has no arrow from a lower layer to a higher one', () => {
    const graph: Map<string, Set<string>> = importGraph(roots);
    const wrong: string[] = [];
    for (const [from, targets] of graph) {
      const a = relative(repo, from);
      // Routes are the edge: they compose the features they serve.
      if (a.endsWith('.routes.ts')) continue;
      for (const to of targets) {
        const b = relative(repo, to);
        for (const [lower, higher] of NEVER) {
          if (a.startsWith(lower) && b.startsWith(higher)) wrong.push(`${a} -> ${b}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('finds a circle, type-only imports included (the check can fail)', async () => {
    const { mkdtempSync, mkdirSync, writeFileSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(resolve(tmpdir(), 'cycles-'));
    try {
      mkdirSync(resolve(dir, 'src'));
      writeFileSync(resolve(dir, 'src/a.ts'), "import type { B } from './b.ts';\nexport type A = B;\n");
      writeFileSync(resolve(dir, 'src/b.ts'), "import { c } from './c.ts';\nexport type B = typeof c;\n");
      writeFileSync(resolve(dir, 'src/c.ts'), "export type { A } from './a.ts';\nexport const c = 1;\n");
      const cycles: string[][] = importCycles([resolve(dir, 'src')]);
      expect(cycles.map((c) => c.length)).toEqual([3]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
