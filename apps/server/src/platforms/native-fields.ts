/** Readers of a platform's native message fields, for the adapters' decoders only. */

/** A non-empty string or a finite number as a string (platform ids come as either). */
export const idField = (v: unknown): string | undefined =>
  typeof v === 'string' && v.trim()
    ? v.trim()
    : typeof v === 'number' && Number.isFinite(v)
      ? String(v)
      : undefined;

/** A string as it is (empty ones left out). */
export const textField = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** A positive size in pixels, rounded. */
export const sizeField = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0.5 ? Math.round(v) : undefined;

/** Drops the optional fields a decoder left undefined, so stored content has only what it says. */
export function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
