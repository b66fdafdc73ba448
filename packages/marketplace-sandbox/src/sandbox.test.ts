import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, sandboxDefaults } from './index.ts';

let app: FastifyInstance;
let now = 1_800_000_000_000;
beforeAll(async () => {
  ({ app } = await createSandbox({
    publicUrl: 'http://sandbox.test',
    shopee: { ...sandboxDefaults.shopee },
    lazada: { ...sandboxDefaults.lazada },
    now: () => now,
  }));
});
afterAll(() => app.close());

const hmac = (key: string, s: string) => createHmac('sha256', key).update(s).digest('hex');
const { partnerId, partnerKey } = sandboxDefaults.shopee;

function shopeeUrl(
  path: string,
  extra: Record<string, string> = {},
  ts = Math.floor(now / 1000),
  token?: { access: string; shop: string },
) {
  const sign = hmac(partnerKey, `${partnerId}${path}${ts}${token ? token.access + token.shop : ''}`);
  const q = new URLSearchParams({
    partner_id: String(partnerId),
    timestamp: String(ts),
    sign,
    ...extra,
    ...(token ? { access_token: token.access, shop_id: token.shop } : {}),
  });
  return `/shopee${path}?${q}`;
}

async function authorizeShopee(shop = '947042923') {
  const approve = await app.inject({
    method: 'POST',
    url: '/shopee/authorize',
    payload: new URLSearchParams({ decision: 'approve', shop_id: shop, redirect: 'http://me/cb' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const code = new URL(String(approve.headers.location)).searchParams.get('code')!;
  const res = await app.inject({
    method: 'POST',
    url: shopeeUrl('/api/v2/auth/token/get'),
    payload: { code, partner_id: partnerId, shop_id: Number(shop) },
  });
  return { code, body: res.json() as { access_token: string; refresh_token: string; error: string } };
}

describe('Shopee sandbox', () => {
  it('shows the authorization page for a correctly signed link and refuses a bad one', async () => {
    const ok = await app.inject({
      url: shopeeUrl('/api/v2/shop/auth_partner', { redirect: 'http://me/cb' }),
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('Kedai Bayi Comel');
    const forged = await app.inject({
      url: shopeeUrl('/api/v2/shop/auth_partner', { redirect: 'http://me/cb' }).replace(
        /sign=\w+/,
        'sign=00',
      ),
    });
    expect(forged.json()).toMatchObject({ error: 'error_sign' });
    const old = await app.inject({
      url: shopeeUrl('/api/v2/shop/auth_partner', { redirect: 'x' }, Math.floor(now / 1000) - 600),
    });
    expect(old.json()).toMatchObject({ error: 'error_param', message: 'Timestamp is expired.' });
    const missing = await app.inject({ url: '/shopee/api/v2/shop/auth_partner?partner_id=1' });
    expect(missing.json().error).toBe('error_param');
  });

  it('exchanges a code once, rotates refresh tokens once, and expires access tokens', async () => {
    const { code, body } = await authorizeShopee();
    expect(body.error).toBe('');
    const reused = await app.inject({
      method: 'POST',
      url: shopeeUrl('/api/v2/auth/token/get'),
      payload: { code, partner_id: partnerId, shop_id: 947042923 },
    });
    expect(reused.json().error).toBe('error_auth');
    const token = { access: body.access_token, shop: '947042923' };
    const info = await app.inject({
      url: shopeeUrl('/api/v2/shop/get_shop_info', {}, Math.floor(now / 1000), token),
    });
    expect(info.json().response.shop_name).toContain('Kedai');
    const refreshBody = { refresh_token: body.refresh_token, partner_id: partnerId, shop_id: 947042923 };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: shopeeUrl('/api/v2/auth/access_token/get'),
          payload: refreshBody,
        })
      ).json().error,
    ).toBe('');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: shopeeUrl('/api/v2/auth/access_token/get'),
          payload: refreshBody,
        })
      ).json().error,
    ).toBe('refresh_token_expired');
    now += 5 * 3600 * 1000;
    const expired = await app.inject({
      url: shopeeUrl('/api/v2/shop/get_shop_info', {}, Math.floor(now / 1000), token),
    });
    expect(expired.json().error).toBe('invalid_acceess_token');
  });

  it('writes conversation and message ids as raw big number literals', async () => {
    const { body } = await authorizeShopee();
    const res = await app.inject({
      url: shopeeUrl(
        '/api/v2/sellerchat/get_conversation_list',
        { direction: 'older', type: 'all', page_size: '10' },
        Math.floor(now / 1000),
        {
          access: body.access_token,
          shop: '947042923',
        },
      ),
    });
    expect(res.body).toMatch(/"conversation_id":7\d{18}[,}]/);
  });
});

describe('Lazada sandbox', () => {
  const { appKey, appSecret } = sandboxDefaults.lazada;
  const signed = (apiPath: string, params: Record<string, string>) => {
    const all = { app_key: appKey, timestamp: String(now), sign_method: 'sha256', ...params };
    const base =
      apiPath +
      Object.keys(all)
        .sort()
        .map((k) => `${k}${all[k as keyof typeof all]}`)
        .join('');
    return new URLSearchParams({ ...all, sign: hmac(appSecret, base).toUpperCase() }).toString();
  };

  it('creates tokens from a code and refuses a wrong signature or token', async () => {
    const approve = await app.inject({
      method: 'POST',
      url: '/lazada/oauth/approve',
      payload: new URLSearchParams({
        decision: 'approve',
        shop_id: '100094063',
        redirect_uri: 'http://me/cb',
        state: 's1',
      }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    const location = new URL(String(approve.headers.location));
    expect(location.searchParams.get('state')).toBe('s1');
    const code = location.searchParams.get('code')!;
    const created = await app.inject({
      url: `/lazada/rest/auth/token/create?${signed('/auth/token/create', { code })}`,
    });
    expect(created.json()).toMatchObject({ code: '0', country_user_info: [{ seller_id: '100094063' }] });
    const bad = await app.inject({
      url: `/lazada/rest/auth/token/create?${signed('/auth/token/create', { code })}`.replace(
        /sign=\w+/,
        'sign=AB',
      ),
    });
    expect(bad.json().code).toBe('IncompleteSignature');
    const sessions = await app.inject({
      url: `/lazada/rest/im/session/list?${signed('/im/session/list', { access_token: 'nope', start_time: String(now), page_size: '10' })}`,
    });
    expect(sessions.json().code).toBe('IllegalAccessToken');
    const ok = await app.inject({
      url: `/lazada/rest/im/session/list?${signed('/im/session/list', { access_token: created.json().access_token, start_time: String(now), page_size: '10' })}`,
    });
    expect(ok.json()).toMatchObject({ code: '0', data: { session_list: [{ title: expect.any(String) }] } });
  });
});
