import { createHmac, timingSafeEqual } from 'node:crypto';

const hmacHex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

export interface ShopeeSignParts {
  partnerId: number | string;
  /** The platform path including /api/v2, without host, prefix or query. */
  path: string;
  /** Unix seconds. */
  timestamp: number;
  /** Shop-level calls only, with shopId. */
  accessToken?: string | undefined;
  shopId?: string | undefined;
}

/** partner_id + path + timestamp [+ access_token + shop_id], no separators. */
export const shopeeBaseString = (p: ShopeeSignParts) =>
  `${p.partnerId}${p.path}${p.timestamp}${p.accessToken ?? ''}${p.shopId ?? ''}`;

/** Shopee v2 `sign`: HMAC-SHA256 keyed with the partner key, lowercase hex. */
export const shopeeSign = (partnerKey: string, parts: ShopeeSignParts) =>
  hmacHex(partnerKey, shopeeBaseString(parts));

/** apiPath (without /rest) + every param but `sign` as key+value, sorted by key. */
export function lazadaBaseString(apiPath: string, params: Record<string, string | number>): string {
  const keys = Object.keys(params)
    .filter((k) => k !== 'sign')
    .sort();
  return apiPath + keys.map((k) => `${k}${params[k]}`).join('');
}

/** Lazada `sign`: HMAC-SHA256 keyed with the app secret, UPPERCASE hex. */
export const lazadaSign = (appSecret: string, apiPath: string, params: Record<string, string | number>) =>
  hmacHex(appSecret, lazadaBaseString(apiPath, params)).toUpperCase();

function sameHex(expectedHex: string, given: string | null | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expectedHex.toLowerCase());
  const b = Buffer.from(given.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Shopee push: `Authorization` = hex(HMAC-SHA256(partner_key, callbackUrl + '|' + rawBody)). */
export function verifyShopeePush(input: {
  partnerKey: string;
  /** Exactly as configured in the Shopee console. */
  callbackUrl: string;
  rawBody: string;
  authorization: string | null | undefined;
}): boolean {
  return sameHex(hmacHex(input.partnerKey, `${input.callbackUrl}|${input.rawBody}`), input.authorization);
}

/** Lazada push: `Authorization` = hex(HMAC-SHA256(app_secret, app_key + rawBody)). */
export function verifyLazadaPush(input: {
  appKey: string;
  appSecret: string;
  rawBody: string;
  authorization: string | null | undefined;
}): boolean {
  return sameHex(hmacHex(input.appSecret, `${input.appKey}${input.rawBody}`), input.authorization);
}
