import { describe, expect, it } from 'vitest';
import { jsonInt, parseJsonKeepingBigInts, quoteBigInts, stringifyJson } from './big-json.ts';

describe('parseJsonKeepingBigInts', () => {
  it('turns integers longer than 15 digits into exact strings', () => {
    expect(
      parseJsonKeepingBigInts(
        '{"conversation_id":709122092476686867,"ids":[2302748948493123953,-12345678901234567]}',
      ),
    ).toEqual({ conversation_id: '709122092476686867', ids: ['2302748948493123953', '-12345678901234567'] });
  });

  it('keeps shorter integers, decimals and exponents as numbers', () => {
    expect(parseJsonKeepingBigInts('[123456789012345,1.5,-2e3,1234567890123456.5,0]')).toEqual([
      123456789012345, 1.5, -2000, 1234567890123456.5, 0,
    ]);
  });

  it('never touches digits inside strings, escaped quotes included', () => {
    const text = '{"text":"call 70912209247668686712 now","q":"say \\"12345678901234567\\" ok","k\\\\":1}';
    expect(quoteBigInts(text)).toBe(text);
    expect(parseJsonKeepingBigInts(text)).toEqual({
      text: 'call 70912209247668686712 now',
      q: 'say "12345678901234567" ok',
      'k\\': 1,
    });
  });

  it('handles a big id right after a string that ends in a backslash, and whitespace', () => {
    expect(parseJsonKeepingBigInts('{ "a" : "x\\\\" , "b" :\n 12345678901234567890 }')).toEqual({
      a: 'x\\',
      b: '12345678901234567890',
    });
  });

  it('still rejects invalid JSON', () => {
    expect(() => parseJsonKeepingBigInts('{"a":')).toThrow(SyntaxError);
  });
});

describe('stringifyJson', () => {
  it('writes JsonInt values as bare number literals without precision loss', () => {
    expect(
      stringifyJson({ to_id: jsonInt('709122092476686867123'), content: { text: 'hi' }, skip: undefined }),
    ).toBe('{"to_id":709122092476686867123,"content":{"text":"hi"}}');
  });

  it('matches JSON.stringify for plain values', () => {
    const value = { a: [1, 'two', null, true], b: { c: 'q"uote' }, d: -1.5 };
    expect(stringifyJson(value)).toBe(JSON.stringify(value));
  });

  it('refuses ids that are not exact integers', () => {
    expect(() => jsonInt('12a')).toThrow(TypeError);
    expect(() => jsonInt(2 ** 60)).toThrow(TypeError);
  });
});
