/** Deeper JSON than this is refused at the edge: no form or push of ours nests near it. */
export const maxInputDepth = 64;

export class InputTooDeepError extends Error {
  constructor() {
    super(`The input is nested more than ${maxInputDepth} levels deep`);
  }
}

const unpairedSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const suspicious = /[\0\ud800-\udfff]/;

/**
 * Text as a database, a JSON writer and every reader can hold it: NUL characters removed and
 * unpaired UTF-16 surrogates (half an emoji, a broken escape) replaced by U+FFFD.
 */
export function normalizeText(text: string): string {
  if (!suspicious.test(text)) return text;
  return text.replaceAll('\0', '').replace(unpairedSurrogate, '\uFFFD');
}

/**
 * A parsed JSON value, query or form with every string (keys too) normalized; other values as
 * they are. Throws InputTooDeepError past `maxInputDepth` levels.
 */
export function normalizeInput<T>(value: T): T {
  return walk(value, 0) as T;
}

function walk(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return normalizeText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= maxInputDepth) throw new InputTooDeepError();
  if (Array.isArray(value)) return value.map((item) => walk(item, depth + 1));
  // Bytes and dates are not text (a parsed query may be a prototype-less object: it is walked).
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer || value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    // defineProperty: a '__proto__' key stays a key instead of replacing the prototype.
    Object.defineProperty(out, normalizeText(key), {
      value: walk(item, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}
