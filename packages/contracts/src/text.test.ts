import { describe, expect, it } from 'vitest';
import { InputTooDeepError, maxInputDepth, normalizeInput, normalizeText } from './text.ts';

describe('normalizeText', () => {
  it('removes NUL and replaces unpaired surrogates, keeping pairs and plain text as they are', () => {
    expect(normalizeText('a\u0000b')).toBe('ab');
    expect(normalizeText('x\ud800y')).toBe('x\uFFFDy');
    expect(normalizeText('\udfffend')).toBe('\uFFFDend');
    expect(normalizeText('end\ud83d')).toBe('end\uFFFD');
    expect(normalizeText('\udc00\ud800')).toBe('\uFFFD\uFFFD');
    expect(normalizeText('emoji 😀 and 中文')).toBe('emoji 😀 and 中文');
    const plain = 'nothing to change';
    expect(normalizeText(plain)).toBe(plain);
  });
});

describe('normalizeInput', () => {
  it('normalizes strings at every depth, keys included, and leaves other values alone', () => {
    const date = new Date(0);
    expect(
      normalizeInput({ 'k\u0000': ['v\ud800', 1, null, true, { deep: 'a\u0000' }], date, n: 2 }),
    ).toEqual({ k: ['v\uFFFD', 1, null, true, { deep: 'a' }], date, n: 2 });
    expect(normalizeInput('x\u0000')).toBe('x');
    const bytes = Buffer.from('a\u0000');
    expect(normalizeInput(bytes)).toBe(bytes);
    const query = Object.assign(Object.create(null), { search: 'a\u0000b' });
    expect(normalizeInput(query)).toEqual({ search: 'ab' });
    const poisoned = normalizeInput(JSON.parse('{"__proto__": {"admin": true}}'));
    expect(Object.getPrototypeOf(poisoned)).toBe(Object.prototype);
    expect(Object.hasOwn(poisoned, '__proto__')).toBe(true);
    expect(({} as { admin?: boolean }).admin).toBeUndefined();
    expect(normalizeInput(undefined)).toBeUndefined();
  });

  it('refuses input nested deeper than the limit', () => {
    const nest = (levels: number) => {
      let value: unknown = 'leaf';
      for (let i = 0; i < levels; i++) value = [value];
      return value;
    };
    expect(() => normalizeInput(nest(maxInputDepth))).not.toThrow();
    expect(() => normalizeInput(nest(maxInputDepth + 1))).toThrow(InputTooDeepError);
    expect(() => normalizeInput(nest(100_000))).toThrow(InputTooDeepError);
  });
});
