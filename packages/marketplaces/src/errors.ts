export type Platform = 'shopee' | 'lazada';

/** An error answered by a platform (its own code and message), or a transport failure. */
export class MarketplaceError extends Error {
  readonly platform: Platform;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly httpStatus: number | undefined;

  constructor(
    platform: Platform,
    code: string,
    message: string,
    details: { requestId?: string; httpStatus?: number } = {},
  ) {
    super(`${platform} ${code}: ${message}`);
    this.name = 'MarketplaceError';
    this.platform = platform;
    this.code = code;
    this.requestId = details.requestId;
    this.httpStatus = details.httpStatus;
  }
}

const authCodes = new Set([
  'invalid_access_token',
  'invalid_acceess_token',
  'error_auth',
  'IllegalAccessToken',
]);
const reauthorizeCodes = new Set([
  'refresh_token_expired',
  'shop_access_expired',
  'shop_no_linked',
  'shop_banned',
  'error_shop_refresh_token',
  'error_auth',
  'IllegalRefreshToken',
  'IllegalAccessToken',
]);
const retryCodes = new Set([
  'error_rate_limit',
  'system_busy',
  'error_inner',
  'ServiceUnavailable',
  'ApiCallLimit',
  'Throttling',
]);

export const isAuthError = (e: unknown) => e instanceof MarketplaceError && authCodes.has(e.code);
/** The seller must authorize again: the stored refresh token will never work. */
export const needsReauthorization = (e: unknown) =>
  e instanceof MarketplaceError && reauthorizeCodes.has(e.code);
export const isRetryable = (e: unknown) =>
  e instanceof MarketplaceError &&
  (retryCodes.has(e.code) ||
    e.code === 'network' ||
    (e.httpStatus !== undefined && (e.httpStatus === 429 || e.httpStatus >= 500)));
