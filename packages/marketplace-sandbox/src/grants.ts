import type { Grant, Platform } from './data/types.ts';
import { randomHex } from './ids.ts';
import type { SandboxState } from './sandbox-state.ts';

/** Authorization codes, access and refresh tokens, and shop authorizations, for both platforms. */

const YEAR = 365 * 86_400_000;

export type GrantCheck =
  | { ok: true; grant: Grant }
  | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'used' };

export function checkGrant(grants: Record<string, Grant>, key: string, now: number): GrantCheck {
  const grant = Object.hasOwn(grants, key) ? grants[key] : undefined;
  if (!grant) return { ok: false, reason: 'unknown' };
  if (grant.revoked) return { ok: false, reason: 'revoked' };
  if (grant.usedAt !== undefined) return { ok: false, reason: 'used' };
  if (grant.expiresAt <= now) return { ok: false, reason: 'expired' };
  return { ok: true, grant };
}

/** The seller approved our app for a shop: from now on the shop's chats are pushed to us. */
export function authorizeShop(state: SandboxState, platform: Platform, shopId: string, codeTtlMs: number) {
  const now = state.now();
  const p = state.data[platform];
  p.authorizations[shopId] = { authorizedAt: now, expiresAt: now + YEAR };
  const code = platform === 'lazada' ? `0_${state.config.lazada.appKey}_${randomHex(14)}` : randomHex(16);
  p.codes[code] = { shopId, expiresAt: now + codeTtlMs };
  state.save();
  return code;
}

export function issueTokens(state: SandboxState, platform: Platform, shopId: string) {
  const now = state.now();
  const p = state.data[platform];
  const accessTtl = state.config.accessTtlSeconds[platform];
  const refreshTtl = state.config.refreshTtlSeconds[platform];
  const prefix = platform === 'lazada' ? '50000' : '';
  const accessToken = prefix + randomHex(16);
  const refreshToken = prefix + randomHex(16);
  p.accessTokens[accessToken] = { shopId, expiresAt: now + accessTtl * 1000 };
  p.refreshTokens[refreshToken] = { shopId, expiresAt: now + refreshTtl * 1000 };
  state.save();
  return { accessToken, refreshToken, accessTtl, refreshTtl };
}

/** The shop withdraws its authorization: every code and token of it stops working, pushes stop. */
export function revokeShop(state: SandboxState, platform: Platform, shopId: string): void {
  const p = state.data[platform];
  delete p.authorizations[shopId];
  for (const grants of [p.codes, p.accessTokens, p.refreshTokens]) {
    for (const grant of Object.values(grants)) if (grant.shopId === shopId) grant.revoked = true;
  }
  state.save();
}

export const isAuthorized = (state: SandboxState, platform: Platform, shopId: string) => {
  const a = state.data[platform].authorizations[shopId];
  return a !== undefined && a.expiresAt > state.now();
};
