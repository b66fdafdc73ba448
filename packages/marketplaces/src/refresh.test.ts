import { describe, expect, it } from 'vitest';
import {
  LAZADA_REFRESH_MARGIN_MS,
  refreshDueAt,
  SHOPEE_REFRESH_MARGIN_MS,
  shouldRefresh,
} from './refresh.ts';

const HOUR = 3_600_000;
const now = new Date('2026-01-01T00:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);

describe('token refresh timing', () => {
  it('refreshes a Shopee token 30 minutes before its 4 h lifetime ends', () => {
    const expiresAt = later(4 * HOUR);
    expect(refreshDueAt(expiresAt, now, SHOPEE_REFRESH_MARGIN_MS)).toEqual(later(3.5 * HOUR));
    expect(shouldRefresh(expiresAt, later(3 * HOUR), SHOPEE_REFRESH_MARGIN_MS)).toBe(false);
    expect(shouldRefresh(expiresAt, later(3.5 * HOUR), SHOPEE_REFRESH_MARGIN_MS)).toBe(true);
  });

  it('refreshes a Lazada token a day ahead', () => {
    const expiresAt = later(7 * 24 * HOUR);
    expect(refreshDueAt(expiresAt, now.getTime(), LAZADA_REFRESH_MARGIN_MS)).toEqual(later(6 * 24 * HOUR));
    expect(shouldRefresh(expiresAt, later(5 * 24 * HOUR), LAZADA_REFRESH_MARGIN_MS)).toBe(false);
    expect(shouldRefresh(expiresAt, later(6 * 24 * HOUR + 1), LAZADA_REFRESH_MARGIN_MS)).toBe(true);
  });

  it('never schedules a refresh in the past, and treats an expired token as due', () => {
    const expired = later(-HOUR);
    expect(refreshDueAt(expired, now, SHOPEE_REFRESH_MARGIN_MS)).toEqual(now);
    expect(shouldRefresh(expired, now, SHOPEE_REFRESH_MARGIN_MS)).toBe(true);
  });

  it('never refreshes a token with no known expiry', () => {
    expect(shouldRefresh(null, now, LAZADA_REFRESH_MARGIN_MS)).toBe(false);
  });
});
