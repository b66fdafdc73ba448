import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchmarkAnswering, loadEvalSet } from '@balas/bot/eval';
import type { Figure } from './support.ts';

const SHARED = fileURLToPath(new URL('../../shared/eval', import.meta.url));
const OWN = fileURLToPath(new URL('../packages/bot/eval-sets', import.meta.url));

/**
 * The offline engine's answer time with 1,000 chunks in the shop (issue 12: p95 < 50 ms), over the
 * questions of every evaluation set at hand, three rounds.
 */
export async function benchAnswering(): Promise<Figure[]> {
  const dirs = [
    join(SHARED, 'bitext-support'),
    join(SHARED, 'my-shop-multilingual'),
    join(OWN, 'shopper-conversations'),
  ].filter((dir) => existsSync(join(dir, 'shop.json')));
  const sets = await Promise.all(dirs.map((dir) => loadEvalSet(dir)));
  const result = benchmarkAnswering(sets, { chunks: 1000, rounds: 3 });
  return [
    { name: `answer p50 (${result.chunks} chunks)`, value: result.p50, unit: 'ms' },
    { name: `answer p95 (${result.chunks} chunks)`, value: result.p95, unit: 'ms', budget: 50 },
    { name: 'index build', value: result.buildMs, unit: 'ms' },
  ];
}
