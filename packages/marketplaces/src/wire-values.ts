/** Readers for untyped platform JSON: each one tolerates a missing or oddly typed field. */
export type Json = Record<string, unknown>;

export const isJson = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const obj = (v: unknown): Json => (isJson(v) ? v : {});

export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.filter(isJson) : []);

/** Ids and texts: numbers become their decimal text, absent values ''. */
export const str = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : '';

export const num = (v: unknown, fallback = 0): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : fallback;
};

export const numOrNull = (v: unknown): number | null => {
  const n = num(v, Number.NaN);
  return Number.isNaN(n) ? null : n;
};

export const bool = (v: unknown): boolean => v === true || v === 'true' || v === 1;

export const strList = (v: unknown): string[] => (Array.isArray(v) ? v.map(str) : []);
