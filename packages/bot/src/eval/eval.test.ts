import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchmarkAnswering } from './benchmark.ts';
import { type EvalSet, loadEvalSet } from './load-set.ts';
import { runEvalSet } from './run-set.ts';

// The answering budgets, on the shared evaluation sets (see /work/shared/eval/README.md):
// accuracy >= 80% on English and >= 70% on Malay and Chinese questions, handover recall >= 90%,
// and p95 under 50 ms per offline answer with 1,000 chunks in the shop.

// The sets live in shared/ beside the repository (as CI checks it out).
const EVAL_DIR = fileURLToPath(new URL('../../../../../shared/eval', import.meta.url));
const SETS = ['bitext-support', 'my-shop-multilingual'].map((s) => join(EVAL_DIR, s));
const available = SETS.every((dir) => existsSync(join(dir, 'shop.json')));

describe.skipIf(!available)('evaluation budgets', () => {
  const sets: EvalSet[] = [];
  const load = async () => {
    if (sets.length === 0) for (const dir of SETS) sets.push(await loadEvalSet(dir));
    return sets;
  };

  it.each(SETS)('meets the accuracy and handover budgets on %s', async (dir) => {
    const set = (await load()).find((s) => s.dir === dir)!;
    const { summary } = await runEvalSet(set);
    if (summary.byLanguage.en) expect(summary.byLanguage.en.rate).toBeGreaterThanOrEqual(0.8);
    if (summary.byLanguage.ms) expect(summary.byLanguage.ms.rate).toBeGreaterThanOrEqual(0.7);
    if (summary.byLanguage.zh) expect(summary.byLanguage.zh.rate).toBeGreaterThanOrEqual(0.7);
    expect(summary.handover.recall).toBeGreaterThanOrEqual(0.9);
  });

  it('answers in under 50 ms at p95 with 1,000 chunks in the shop', async () => {
    const result = benchmarkAnswering(await load(), { chunks: 1000 });
    expect(result.chunks).toBe(1000);
    expect(result.p95).toBeLessThan(50);
  });
});
