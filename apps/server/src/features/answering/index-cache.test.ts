import { describe, expect, it } from 'vitest';
import { createIndexCache } from './index-cache.ts';

const index = (name: string, bytes: number) => ({ name, bytes });
type Index = ReturnType<typeof index>;
const cache = (budgetBytes: number) => createIndexCache<Index>({ budgetBytes, sizeOf: (i) => i.bytes });

describe('the index cache', () => {
  it('keeps indexes within its byte budget, the least recently used leaving first', async () => {
    const c = cache(300);
    let builds = 0;
    const get = (shop: string, version = 1) =>
      c.get(shop, version, async () => {
        builds++;
        return index(shop, 100);
      });
    await get('a');
    await get('b');
    await get('c');
    await get('a'); // a is now the most recently used
    await get('d'); // over budget: b leaves
    expect(c.stats()).toMatchObject({ shops: 3, bytes: 300, evictions: 1 });
    expect(builds).toBe(4);
    await get('a');
    await get('c');
    expect(builds).toBe(4);
    await get('b');
    expect(builds).toBe(5);
  });

  it('rebuilds for a new training version and never keeps an older one over it', async () => {
    const c = cache(1000);
    const v1 = await c.get('a', 1, async () => index('a1', 10));
    const v2 = await c.get('a', 2, async () => index('a2', 10));
    expect([v1.name, v2.name]).toEqual(['a1', 'a2']);
    // A slow build of version 1 finishing after version 2 was stored.
    let finish!: (i: Index) => void;
    const slow = c.get('a', 1, () => new Promise<Index>((r) => (finish = r)));
    finish(index('a1 again', 10));
    await slow;
    expect((await c.get('a', 2, async () => index('a2 rebuilt', 10))).name).toBe('a2');
  });

  it('shares one build between concurrent questions to a cold shop', async () => {
    const c = cache(1000);
    let builds = 0;
    const build = async () => {
      builds++;
      await new Promise((r) => setTimeout(r, 10));
      return index('a', 10);
    };
    const got = await Promise.all([c.get('a', 1, build), c.get('a', 1, build), c.get('a', 1, build)]);
    expect(builds).toBe(1);
    expect(new Set(got).size).toBe(1);
  });

  it('keeps the index it just built even when that one alone is over budget', async () => {
    const c = cache(50);
    await c.get('a', 1, async () => index('a', 40));
    const big = await c.get('b', 1, async () => index('b', 80));
    expect(big.name).toBe('b');
    expect(c.stats()).toMatchObject({ shops: 1, bytes: 80 });
  });

  it('forgets a failed build, so the next question tries again', async () => {
    const c = cache(100);
    await expect(c.get('a', 1, async () => Promise.reject(new Error('database gone')))).rejects.toThrow(
      'database gone',
    );
    expect((await c.get('a', 1, async () => index('a', 10))).name).toBe('a');
  });

  it('hands a newer version’s build the index it replaces, and a build from nothing none', async () => {
    const c = cache(15);
    const seen: (string | undefined)[] = [];
    const build = (name: string) => async (previous: Index | undefined) => {
      seen.push(previous?.name);
      return index(name, 10);
    };
    await c.get('a', 1, build('a1'));
    await c.get('a', 2, build('a2'));
    await c.get('b', 1, build('b1')); // over budget: a leaves
    await c.get('a', 3, build('a3'));
    expect(seen).toEqual([undefined, 'a1', undefined, undefined]);
  });
});
