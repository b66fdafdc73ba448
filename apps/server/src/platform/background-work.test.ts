import { describe, expect, it } from 'vitest';
import { createBackgroundWork } from './background-work.ts';

describe('background work', () => {
  it('is waited for until it settles, failed or not', async () => {
    const background = createBackgroundWork();
    const done: string[] = [];
    background.track(new Promise((resolve) => setTimeout(resolve, 30)).then(() => done.push('written')));
    background.track(new Promise((_, reject) => setTimeout(() => reject(new Error('lost')), 10)));
    expect(await background.drain(5_000)).toBe(0);
    expect(done).toEqual(['written']);
    expect(await background.drain(5_000)).toBe(0);
  });

  it('is given up after the bound, and says how much was left', async () => {
    const background = createBackgroundWork();
    background.track(new Promise(() => {}));
    background.track(Promise.resolve());
    expect(await background.drain(50)).toBe(1);
  });
});
