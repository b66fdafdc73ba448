/** Shopee access tokens live 4 h: refresh when less than 30 minutes remain. */
export const SHOPEE_REFRESH_MARGIN_MS = 30 * 60_000;
/** Lazada access tokens live 7 to 30 days: refresh when less than a day remains. */
export const LAZADA_REFRESH_MARGIN_MS = 24 * 3_600_000;

const ms = (t: Date | number) => (typeof t === 'number' ? t : t.getTime());

/** When to refresh a token: `marginMs` before it expires, but never in the past. */
export function refreshDueAt(expiresAt: Date, now: Date | number, marginMs: number): Date {
  return new Date(Math.max(ms(now), expiresAt.getTime() - marginMs));
}

/** Whether a token must be refreshed now; a token with no known expiry never is. */
export function shouldRefresh(expiresAt: Date | null, now: Date | number, marginMs: number): boolean {
  return expiresAt !== null && expiresAt.getTime() - ms(now) <= marginMs;
}
