import { describe, expect, it } from 'vitest';
import * as bot from './index.ts';
import { testShop } from './test-support/shop-fixture.ts';

// Text from shoppers and merchants reaches every function below on the server's main thread, so
// none may take more than linear time on hostile input: long runs of one letter, digits or
// separators, and text far longer than anything the engine analyses.

const SIZE = 100_000;
const HOSTILE: Record<string, string> = {
  'letter run': 'a'.repeat(SIZE),
  'letter run ending in 2': `${'a'.repeat(SIZE)}2`,
  'digit run': '9'.repeat(SIZE),
  'digits and separators': '1,2.3,'.repeat(SIZE / 6),
  'repeated separators': '-. ,'.repeat(SIZE / 4),
  'Han run': '运'.repeat(SIZE),
  'words and letters mixed': 'aaaa2 bbb '.repeat(SIZE / 10),
  'RM prices': 'RM1.1 '.repeat(SIZE / 6),
  'question marks': '?'.repeat(SIZE),
  'Malay reduplication': 'baju-baju '.repeat(SIZE / 10),
  'emoji and spaces': '😀 '.repeat(SIZE / 3),
};

/** Generous for a 2-core CI box; the quadratic patterns this guards against took seconds to minutes. */
const LIMIT_MS = 1500;

function timed(run: () => unknown): number {
  const start = performance.now();
  try {
    const out = run();
    if (out instanceof Promise) out.catch(() => undefined);
  } catch {
    // Functions that need other arguments may throw; only the time counts here.
  }
  return performance.now() - start;
}

type TextFunction = (...args: unknown[]) => unknown;
const textFunctions: [string, TextFunction][] = Object.entries(bot).flatMap(([name, value]) =>
  typeof value === 'function' && !/^[A-Z]/.test(name) && value.length >= 1
    ? [[name, value as TextFunction]]
    : [],
);

describe('hostile text never holds the event loop', () => {
  const index = bot.buildShopIndex(testShop());

  for (const [name, input] of Object.entries(HOSTILE)) {
    it(`every exported text function on a ${name}`, () => {
      const slow: string[] = [];
      for (const [fn, f] of textFunctions) {
        const ms = timed(() => f(input, input));
        if (ms > LIMIT_MS) slow.push(`${fn} ${ms.toFixed(0)} ms`);
      }
      expect(slow).toEqual([]);
    });

    it(`indexing and answering a ${name}`, async () => {
      const shop = testShop();
      shop.topics[0]!.knowledge.push({ id: 'hostile', text: input });
      const build = timed(() => bot.buildShopIndex(shop));
      expect(build).toBeLessThan(LIMIT_MS);
      for (const [fn, run] of [
        ['analyzeQuery', () => bot.analyzeQuery(index, input)],
        ['retrieve', () => bot.retrieve(index, input)],
        ['answerOffline', () => bot.answerOffline(input, { index })],
        ['chunkDocument', () => bot.chunkDocument('hostile.txt', input)],
        ['chunkDocument csv', () => bot.chunkDocument('hostile.csv', input)],
        ['sentencesOf', () => bot.sentencesOf(input)],
      ] as const) {
        const ms = timed(run);
        expect(ms, fn).toBeLessThan(LIMIT_MS);
      }
      const start = performance.now();
      await bot.answer(input, { index });
      expect(performance.now() - start).toBeLessThan(LIMIT_MS);
    });
  }
});
