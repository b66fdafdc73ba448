import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from '../../shops/shop-guard.ts';

/** Keyset cursor of a list ordered by (time desc, id desc). */
export interface Cursor {
  at: Date;
  id: string;
}

/**
 * Rows after the cursor (placeholders `at`, an ISO time, and `id`) in (time desc, id desc) order. A
 * row comparison, so PostgreSQL seeks the (…, time desc, id desc) index to the cursor instead of
 * filtering from the first row.
 */
export const afterCursor = (at: PgColumn, id: PgColumn) =>
  sql`(${at}, ${id}) < (${sql.placeholder('at')}::timestamptz, ${sql.placeholder('id')}::uuid)`;
export const cursorValues = (cursor: Cursor | null) =>
  cursor ? { at: cursor.at.toISOString(), id: cursor.id } : {};

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
// Timestamps are kept at millisecond precision so cursors built from them compare exactly.
export const ms = (d: Date) => new Date(Math.floor(d.getTime()));

/** A cursor from its parts, or null when they cannot name a row (not a time, not a uuid). */
export function cursorAt(epochMs: number, id: string): Cursor | null {
  const at = new Date(epochMs);
  return Number.isNaN(at.getTime()) || !isUuid(id) ? null : { at, id };
}

export function encodeOffset(c: Cursor): string {
  return `${c.at.getTime()}_${c.id}`;
}
export function decodeOffset(offset: string | undefined): Cursor | null {
  const match = offset?.match(/^(\d{1,15})_([0-9a-f-]{36})$/);
  return match ? cursorAt(Number(match[1]), match[2]!) : null;
}
