import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SandboxOptions } from './options.ts';
import { createSandbox, type Sandbox } from './plugin.ts';

/**
 * Test helpers. The signatures here are written independently of the sandbox's own code, from the
 * platforms' documentation, so a mistake on either side shows up as a failing test.
 */

export const SHOPEE = { partnerId: 2_000_001, partnerKey: 'test-shopee-key' };
export const LAZADA = { appKey: '100001', appSecret: 'test-lazada-secret' };
export const START = Date.UTC(2027, 0, 15, 2, 0, 0);

export interface TestSandbox extends Sandbox {
  clock: { now: number };
}

export async function testSandbox(options: Partial<SandboxOptions> = {}): Promise<TestSandbox> {
  const clock = { now: START };
  const sandbox = await createSandbox({
    publicUrl: 'http://sandbox.test/sandbox',
    shopee: { ...SHOPEE },
    lazada: { ...LAZADA },
    now: () => clock.now,
    pushRetryDelaysMs: [5, 5],
    ...options,
  });
  return { ...sandbox, clock };
}

const hex = (key: string, message: string) => createHmac('sha256', key).update(message).digest('hex');

/** A Shopee request path: `partner_id + path + timestamp [+ access_token + shop_id]`, lowercase hex. */
export function shopeeUrl(
  clockMs: number,
  path: string,
  params: Record<string, string | string[]> = {},
  auth?: { accessToken: string; shopId: string },
  tweak: { timestamp?: number; key?: string } = {},
): string {
  const timestamp = String(tweak.timestamp ?? Math.floor(clockMs / 1000));
  const base = `${SHOPEE.partnerId}${path}${timestamp}${auth ? auth.accessToken + auth.shopId : ''}`;
  const q = new URLSearchParams({
    partner_id: String(SHOPEE.partnerId),
    timestamp,
    sign: hex(tweak.key ?? SHOPEE.partnerKey, base),
  });
  if (auth) {
    q.set('access_token', auth.accessToken);
    q.set('shop_id', auth.shopId);
  }
  for (const [k, v] of Object.entries(params)) for (const item of [v].flat()) q.append(k, item);
  return `/shopee${path}?${q}`;
}

/** Lazada parameters with `sign` = UPPER hex HMAC(app_secret, apiPath + sorted key+value pairs). */
export function lazadaParams(
  clockMs: number,
  apiPath: string,
  params: Record<string, string>,
  tweak: { timestamp?: number; secret?: string } = {},
): URLSearchParams {
  const all: Record<string, string> = {
    app_key: LAZADA.appKey,
    timestamp: String(tweak.timestamp ?? clockMs),
    sign_method: 'sha256',
    ...params,
  };
  const base =
    apiPath +
    Object.keys(all)
      .sort()
      .map((k) => `${k}${all[k]}`)
      .join('');
  return new URLSearchParams({ ...all, sign: hex(tweak.secret ?? LAZADA.appSecret, base).toUpperCase() });
}

export const shopeePushSignature = (url: string, body: string) => hex(SHOPEE.partnerKey, `${url}|${body}`);
export const lazadaPushSignature = (body: string) => hex(LAZADA.appSecret, LAZADA.appKey + body);

export const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

export async function authorizeShopee(sb: TestSandbox, shopId = '947042923') {
  const approve = await sb.app.inject({
    method: 'POST',
    url: '/shopee/authorize',
    ...form({ decision: 'approve', shop_id: shopId, redirect: 'https://balas.test/cb' }),
  });
  const code = new URL(String(approve.headers.location)).searchParams.get('code')!;
  const res = await sb.app.inject({
    method: 'POST',
    url: shopeeUrl(sb.clock.now, '/api/v2/auth/token/get'),
    payload: { code, partner_id: SHOPEE.partnerId, shop_id: Number(shopId) },
  });
  const body = res.json() as { access_token: string; refresh_token: string };
  return { code, accessToken: body.access_token, refreshToken: body.refresh_token, shopId };
}

export async function authorizeLazada(sb: TestSandbox, sellerId = '100094063') {
  const approve = await sb.app.inject({
    method: 'POST',
    url: '/lazada/oauth/approve',
    ...form({ decision: 'approve', shop_id: sellerId, redirect_uri: 'https://balas.test/cb', state: 'st' }),
  });
  const code = new URL(String(approve.headers.location)).searchParams.get('code')!;
  const res = await sb.app.inject({
    url: `/lazada/rest/auth/token/create?${lazadaParams(sb.clock.now, '/auth/token/create', { code })}`,
  });
  const body = res.json() as { access_token: string; refresh_token: string };
  return { code, accessToken: body.access_token, refreshToken: body.refresh_token, sellerId };
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for our webhook endpoint. */
export async function webhookServer() {
  const received: Received[] = [];
  let status = 200;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answer(code: number) {
      status = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
