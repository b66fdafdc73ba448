import { describe, expect, it } from 'vitest';
import { bigDecimalId, nextMessageId } from './ids.ts';
import { parseJsonKeepingLongIntegers, toRawJson } from './raw-json.ts';

describe('raw JSON for big ids', () => {
  it('writes bigints as unquoted number literals and everything else as JSON.stringify does', () => {
    const value = {
      conversation_id: 7_123_456_789_012_345_678n,
      text: 'say "hi" \u2028',
      list: [1, undefined, null, true],
      skipped: undefined,
      nested: { n: 1.5, inf: Number.POSITIVE_INFINITY },
    };
    expect(toRawJson(value)).toBe(
      '{"conversation_id":7123456789012345678,"text":"say \\"hi\\" \u2028","list":[1,null,null,true],"nested":{"n":1.5,"inf":null}}',
    );
    expect(JSON.parse(toRawJson({ a: 'x', b: [1, 2] }))).toEqual({ a: 'x', b: [1, 2] });
  });

  it('reads long integer literals exactly, leaving strings, decimals and short numbers alone', () => {
    const text =
      '{"conversation_id":7123456789012345678,"id":-9223372036854775807,"s":"1234567890123456789","d":0.1234567890123456,"n":42}';
    expect(parseJsonKeepingLongIntegers(text)).toEqual({
      conversation_id: '7123456789012345678',
      id: '-9223372036854775807',
      s: '1234567890123456789',
      d: 0.1234567890123456,
      n: 42,
    });
  });

  it('makes 19-digit ids above 2^53 and message ids that grow with time', () => {
    for (let i = 0; i < 50; i++) {
      const id = bigDecimalId();
      expect(id).toMatch(/^\d{19}$/);
      expect(BigInt(id) > 2n ** 53n && BigInt(id) < 2n ** 63n).toBe(true);
    }
    const a = nextMessageId(1_800_000_000_000, '');
    const b = nextMessageId(1_800_000_000_000, a);
    const c = nextMessageId(1_700_000_000_000, b);
    expect(a).toBe('1800000000000000000');
    expect(BigInt(b)).toBe(BigInt(a) + 1n);
    expect(BigInt(c)).toBe(BigInt(b) + 1n);
  });
});
