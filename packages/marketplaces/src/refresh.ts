/** Whether a token expiring at `expiresAt` should be refreshed now, `marginMs` ahead of its expiry. */
export function shouldRefresh(expiresAt: Date | null, nowMs: number, marginMs: number): boolean {
  return expiresAt !== null && expiresAt.getTime() - nowMs <= marginMs;
}
