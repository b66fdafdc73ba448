export type Platform = 'shopee' | 'lazada';

/**
 * A platform's own error (Shopee `error`, Lazada `code`) or a transport failure, whose codes are
 * ours: `network`, `timeout`, `http_<status>`, `bad_response`.
 */
export class MarketplaceError extends Error {
  readonly platform: Platform;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly httpStatus: number | undefined;

  constructor(init: {
    platform: Platform;
    code: string;
    message: string;
    requestId?: string | undefined;
    httpStatus?: number | undefined;
    cause?: unknown;
  }) {
    super(`${init.platform} ${init.code}: ${init.message}`, { cause: init.cause });
    this.name = 'MarketplaceError';
    this.platform = init.platform;
    this.code = init.code;
    this.requestId = init.requestId || undefined;
    this.httpStatus = init.httpStatus;
  }
}

/** The access token is invalid or expired: refresh it and try again. */
const AUTH_CODES = new Set([
  'invalid_access_token',
  'invalid_acceess_token',
  'error_auth',
  'IllegalAccessToken',
]);

/** The refresh token can never work again: the seller must authorize the app again. */
const REAUTHORIZE_CODES = new Set([
  'refresh_token_expired',
  'shop_access_expired',
  'shop_no_linked',
  'shop_banned',
  'error_shop_refresh_token',
  'IllegalRefreshToken',
]);

/** Rejected before any work was done, so even a message send may be retried. */
const THROTTLE_CODES = new Set([
  'error_rate_limit',
  'system_busy',
  'ApiCallLimit',
  'AppCallLimit',
  'Throttling',
  'ServiceUnavailable',
]);

/** Failures that may or may not have done the work: retried only for idempotent calls. */
const TRANSIENT_CODES = new Set(['network', 'timeout', 'error_server', 'error_inner', 'ServiceTimeout']);

const codeOf = (e: unknown) => (e instanceof MarketplaceError ? e.code : undefined);

export const isAuthError = (e: unknown): boolean => AUTH_CODES.has(codeOf(e) ?? '');

export const needsReauthorization = (e: unknown): boolean => REAUTHORIZE_CODES.has(codeOf(e) ?? '');

export function isRetryable(e: unknown, idempotent = true): boolean {
  if (!(e instanceof MarketplaceError)) return false;
  if (e.httpStatus === 429 || THROTTLE_CODES.has(e.code)) return true;
  if (!idempotent) return false;
  return TRANSIENT_CODES.has(e.code) || (e.httpStatus !== undefined && e.httpStatus >= 500);
}

/** Codes of "this order is not one of the shop's" (or does not exist). */
const NOT_FOUND_CODES = new Set(['error_not_found', 'logistics.invalid_error']);

/**
 * The platform does not know this order for this shop: Shopee `error_not_found` or
 * `logistics.invalid_error`; Lazada's code for it is undocumented, its message says the order does
 * not exist (docs/marketplace-orders.md).
 */
export function isNotFound(e: unknown): boolean {
  if (!(e instanceof MarketplaceError)) return false;
  if (NOT_FOUND_CODES.has(e.code)) return true;
  return /\bnot (?:be )?found\b|\bnot exist/i.test(e.message) && !e.code.startsWith('http_');
}
