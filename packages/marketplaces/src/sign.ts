import { createHmac, timingSafeEqual } from 'node:crypto';

/** Shopee v2: HMAC-SHA256(partner_key, partner_id + path + timestamp [+ access_token + shop_id]), lowercase hex. */
export function shopeeSign(partnerKey: string, ...parts: (string | number)[]): string {
  return createHmac('sha256', partnerKey).update(parts.join('')).digest('hex');
}

/** Lazada: HMAC-SHA256(app_secret, apiPath + sorted key+value pairs), UPPERCASE hex. `sign` itself is excluded. */
export function lazadaSign(
  appSecret: string,
  apiPath: string,
  params: Record<string, string | number>,
): string {
  const base =
    apiPath +
    Object.keys(params)
      .filter((k) => k !== 'sign')
      .sort()
      .map((k) => `${k}${params[k]}`)
      .join('');
  return createHmac('sha256', appSecret).update(base).digest('hex').toUpperCase();
}

function sameHex(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase());
  const b = Buffer.from(given.trim().toLowerCase());
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Shopee push: Authorization = hex(HMAC-SHA256(partner_key, callbackUrl + '|' + rawBody)). */
export function verifyShopeePush(input: {
  partnerKey: string;
  callbackUrl: string;
  rawBody: string;
  authorization: string | undefined;
}) {
  const expected = createHmac('sha256', input.partnerKey)
    .update(`${input.callbackUrl}|${input.rawBody}`)
    .digest('hex');
  return sameHex(expected, input.authorization);
}

/** Lazada push: Authorization = hex(HMAC-SHA256(app_secret, app_key + rawBody)), compared case-insensitively. */
export function verifyLazadaPush(input: {
  appKey: string;
  appSecret: string;
  rawBody: string;
  authorization: string | undefined;
}) {
  const expected = createHmac('sha256', input.appSecret)
    .update(`${input.appKey}${input.rawBody}`)
    .digest('hex');
  return sameHex(expected, input.authorization);
}
