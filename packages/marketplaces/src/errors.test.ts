import { describe, expect, it } from 'vitest';
import { isAuthError, isRetryable, MarketplaceError, needsReauthorization } from './errors.ts';

const error = (code: string, httpStatus?: number) =>
  new MarketplaceError({ platform: 'shopee', code, message: 'm', requestId: 'req-1', httpStatus });

describe('MarketplaceError', () => {
  it('carries the platform, code, request id and HTTP status', () => {
    const e = error('error_param', 400);
    expect(e).toBeInstanceOf(Error);
    expect(e).toMatchObject({ platform: 'shopee', code: 'error_param', requestId: 'req-1', httpStatus: 400 });
    expect(e.message).toBe('shopee error_param: m');
  });

  it('tells an expired access token from a lost authorization', () => {
    for (const code of [
      'invalid_access_token',
      'invalid_acceess_token',
      'error_auth',
      'IllegalAccessToken',
    ]) {
      expect(isAuthError(error(code))).toBe(true);
      expect(needsReauthorization(error(code))).toBe(false);
    }
    for (const code of [
      'refresh_token_expired',
      'shop_access_expired',
      'shop_no_linked',
      'shop_banned',
      'error_shop_refresh_token',
      'IllegalRefreshToken',
    ]) {
      expect(needsReauthorization(error(code))).toBe(true);
      expect(isAuthError(error(code))).toBe(false);
    }
    expect(isAuthError(new Error('invalid_access_token'))).toBe(false);
  });

  it('retries throttling always, server trouble only when idempotent, business errors never', () => {
    expect(isRetryable(error('error_rate_limit', 403), false)).toBe(true);
    expect(isRetryable(error('x', 429), false)).toBe(true);
    expect(isRetryable(error('http_502', 502))).toBe(true);
    expect(isRetryable(error('http_502', 502), false)).toBe(false);
    expect(isRetryable(error('network'))).toBe(true);
    expect(isRetryable(error('error_param', 400))).toBe(false);
    expect(isRetryable(error('error_limit', 403))).toBe(false);
  });
});
