import { describe, expect, it } from 'vitest';
import { uuidv7 } from './uuid7.ts';

describe('uuidv7', () => {
  it('is a version 7 UUID carrying the time', () => {
    const at = Date.UTC(2026, 10, 22, 12, 0, 0);
    const id = uuidv7(at + 10_000_000);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(Number.parseInt(id.replace(/-/g, '').slice(0, 12), 16)).toBe(at + 10_000_000);
  });

  it('sorts in the order the ids were made, within one ms and across many', () => {
    const made = Array.from({ length: 10_000 }, () => uuidv7(Date.UTC(2030, 0, 1)));
    expect([...made].sort()).toEqual(made);
    expect(new Set(made).size).toBe(made.length);
  });
});
