import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { workerNodeOptions } from './test/processes.ts';

// Short-lived objects, many of them surviving a scavenge or two (as a worker's startup and an index's
// revival make them): V8 grows its young generation to the largest it allows.
const CHURN = `
  const { getHeapSpaceStatistics } = await import('node:v8');
  let kept = [];
  for (let round = 0; round < 40; round++) {
    const batch = [];
    for (let i = 0; i < 100000; i++) batch.push({ i, s: 'x' + i });
    kept.push(batch);
    if (kept.length > 8) kept.shift();
  }
  kept = [];
  const young = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  process.stdout.write(String(young.space_size));
`;

/** The value of a `--name=value` option of the worker's start command, in MB. */
const optionMb = (name: string) =>
  Number(
    workerNodeOptions()
      .find((o) => o.startsWith(`--${name}=`))
      ?.split('=')[1],
  );

describe('worker start command', () => {
  it('caps the heap so that a worker stays within its 512 MB budget', () => {
    // Uncapped, node allows about a sixth of the machine's memory (4 GB on 24 GB), and V8 let the
    // indexes evicted from the cache pile up to 1.1 GB of heap before collecting them.
    const oldSpaceMb = optionMb('max-old-space-size');
    const youngMb = 2 * optionMb('max-semi-space-size');
    // The node binary, native code, external memory and the young generation beside the old one.
    expect(oldSpaceMb + youngMb + 96).toBeLessThanOrEqual(512);
    // The old generation holds the process's own heap (60-90 MB at rest) and the cache, and leaves
    // room for the evicted indexes between two collections: with less than about three times the
    // cache, collections near the limit made the answers slow (OPERATIONS.md, sizing rule).
    const cacheMb = loadConfig({}).indexCacheBytes / 1024 / 1024;
    expect(100 + 4 * cacheMb).toBeLessThanOrEqual(oldSpaceMb);
  });

  it("caps V8's young generation, which a worker's memory budget counts as resident", () => {
    // On a large machine node reserves up to 128 MB for it (two 64 MB semi-spaces), most of an idle
    // worker's RSS beyond its live heap (docs/OPERATIONS.md, Capacity).
    const run = spawnSync(process.execPath, [...workerNodeOptions(), '--input-type=module', '-e', CHURN], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    // Two 16 MB semi-spaces; V8 at times reports a few pages more, held over from a scavenge (seen:
    // 32.25 and 42.25 MB, in about one run in twenty): still far from the 128 MB uncapped.
    expect(Number(run.stdout) / 1024 / 1024).toBeLessThanOrEqual(48);
  }, 60_000);
});
