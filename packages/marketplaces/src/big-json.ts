/**
 * Shopee ids (conversation_id, message_id, from_id...) can exceed 2^53, so a plain JSON.parse would
 * silently round them. Integer literals longer than 15 digits are quoted before parsing; the scan
 * skips over JSON strings, so digits inside text are never touched.
 */
const BIG_INT = /^-?\d{16,}$/;

export function quoteBigInts(text: string): string {
  let out = '';
  let copiedUpTo = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
      i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      const start = i;
      while (i < text.length && /[-+.\deE]/.test(text[i]!)) i++;
      const literal = text.slice(start, i);
      if (BIG_INT.test(literal)) {
        out += `${text.slice(copiedUpTo, start)}"${literal}"`;
        copiedUpTo = i;
      }
    } else {
      i++;
    }
  }
  return out + text.slice(copiedUpTo);
}

export function parseJsonKeepingBigInts(text: string): unknown {
  return JSON.parse(quoteBigInts(text));
}

/** An integer written to JSON as a bare number literal from its exact decimal text. */
export class JsonInt {
  readonly digits: string;
  constructor(value: string | number | bigint) {
    const digits = String(value);
    if (!/^-?\d+$/.test(digits) || (typeof value === 'number' && !Number.isSafeInteger(value)))
      throw new TypeError(`Not an exact integer: ${digits}`);
    this.digits = digits;
  }
}

export const jsonInt = (value: string | number | bigint) => new JsonInt(value);

/** JSON.stringify that writes JsonInt values as number literals, without any precision loss. */
export function stringifyJson(value: unknown): string {
  if (value instanceof JsonInt) return value.digits;
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : stringifyJson(v))).join(',')}]`;
  if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
    const fields = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${JSON.stringify(k)}:${stringifyJson(v)}`);
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
