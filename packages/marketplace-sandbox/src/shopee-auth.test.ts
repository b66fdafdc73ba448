import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizeShopee, form, SHOPEE, shopeeUrl, type TestSandbox, testSandbox } from './test-kit.ts';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await testSandbox();
});
afterEach(() => sb.app.close());

const inject = (url: string, payload?: object) =>
  sb.app.inject(payload ? { method: 'POST', url, payload } : { url });
const tokenGet = (payload: object) => inject(shopeeUrl(sb.clock.now, '/api/v2/auth/token/get'), payload);
const refresh = (refreshToken: string, shopId = 947042923) =>
  inject(shopeeUrl(sb.clock.now, '/api/v2/auth/access_token/get'), {
    refresh_token: refreshToken,
    partner_id: SHOPEE.partnerId,
    shop_id: shopId,
  });
const shopInfo = (auth: { accessToken: string; shopId: string }) =>
  inject(shopeeUrl(sb.clock.now, '/api/v2/shop/get_shop_info', {}, auth));

const envelope = {
  error: expect.any(String),
  message: expect.any(String),
  request_id: expect.stringMatching(/^\w{32}$/),
};

describe('Shopee authorization page', () => {
  it('renders for a correctly signed auth_partner link and approving redirects with a code', async () => {
    const page = await inject(
      shopeeUrl(sb.clock.now, '/api/v2/shop/auth_partner', {
        redirect: 'https://balas.test/cb?from=addshop',
      }),
    );
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Kedai Bayi Comel (Shopee)');
    expect(page.body).toContain('Batik Lane KL (Shopee)');
    expect(page.body).toContain('name="redirect" value="https://balas.test/cb?from=addshop"');
    expect(page.body).toContain('value="approve"');

    const approve = await sb.app.inject({
      method: 'POST',
      url: '/shopee/authorize',
      ...form({ decision: 'approve', shop_id: '947042987', redirect: 'https://balas.test/cb?from=addshop' }),
    });
    expect(approve.statusCode).toBe(302);
    const location = new URL(String(approve.headers.location));
    expect(location.origin + location.pathname).toBe('https://balas.test/cb');
    expect(location.searchParams.get('from')).toBe('addshop');
    expect(location.searchParams.get('shop_id')).toBe('947042987');
    expect(location.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the seller back without a code on Cancel', async () => {
    const res = await sb.app.inject({
      method: 'POST',
      url: '/shopee/authorize',
      ...form({ decision: 'cancel', shop_id: '947042923', redirect: 'https://balas.test/cb' }),
    });
    expect(res.headers.location).toBe('https://balas.test/cb?error=access_denied');
  });

  it('refuses a wrong sign, an expired timestamp, a missing parameter and a foreign partner', async () => {
    const path = '/api/v2/shop/auth_partner';
    const params = { redirect: 'https://balas.test/cb' };
    const wrongSign = await inject(shopeeUrl(sb.clock.now, path, params, undefined, { key: 'not-the-key' }));
    expect(wrongSign.statusCode).toBe(403);
    expect(wrongSign.json()).toEqual({ ...envelope, error: 'error_sign', message: 'Wrong sign.' });

    const old = Math.floor(sb.clock.now / 1000) - 301;
    const expired = await inject(shopeeUrl(sb.clock.now, path, params, undefined, { timestamp: old }));
    expect(expired.json()).toMatchObject({ error: 'error_param', message: 'Timestamp is expired.' });

    const noSign = await inject(`/shopee${path}?partner_id=${SHOPEE.partnerId}&timestamp=1`);
    expect(noSign.statusCode).toBe(400);
    expect(noSign.json()).toMatchObject({ error: 'error_param', message: 'There is no sign in query.' });

    const noRedirect = await inject(shopeeUrl(sb.clock.now, path));
    expect(noRedirect.json()).toMatchObject({ error: 'error_param' });

    const foreign = await inject(
      shopeeUrl(sb.clock.now, path, params).replace('partner_id=2000001', 'partner_id=2000002'),
    );
    expect(foreign.json()).toMatchObject({ error: 'error_param', message: 'Invalid partner_id.' });
  });

  it('signs over the platform path, not the sandbox mount path', async () => {
    const url = shopeeUrl(sb.clock.now, '/api/v2/shop/auth_partner', { redirect: 'https://balas.test/cb' });
    const mounted = await testSandbox();
    // Same query, but signed as if the path were /shopee/api/v2/... (the mount prefix included).
    const { createHmac } = await import('node:crypto');
    const ts = Math.floor(mounted.clock.now / 1000);
    const bad = createHmac('sha256', SHOPEE.partnerKey)
      .update(`${SHOPEE.partnerId}/shopee/api/v2/shop/auth_partner${ts}`)
      .digest('hex');
    const res = await mounted.app.inject({ url: url.replace(/sign=\w+/, `sign=${bad}`) });
    expect(res.json().error).toBe('error_sign');
    await mounted.app.close();
  });
});

describe('Shopee tokens', () => {
  it('exchanges a code for tokens once; a reused or expired code is refused', async () => {
    const { code, accessToken, refreshToken } = await authorizeShopee(sb);
    expect(accessToken).toMatch(/^[0-9a-f]{32}$/);
    expect(refreshToken).toMatch(/^[0-9a-f]{32}$/);
    const again = await tokenGet({ code, partner_id: SHOPEE.partnerId, shop_id: 947042923 });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ ...envelope, error: 'error_auth', message: 'Invalid code' });

    const approve = await sb.app.inject({
      method: 'POST',
      url: '/shopee/authorize',
      ...form({ decision: 'approve', shop_id: '947042923', redirect: 'https://balas.test/cb' }),
    });
    const late = new URL(String(approve.headers.location)).searchParams.get('code');
    sb.clock.now += 10 * 60_000 + 1;
    const expired = await tokenGet({ code: late, partner_id: SHOPEE.partnerId, shop_id: 947042923 });
    expect(expired.json().error).toBe('error_auth');
  });

  it('answers the token fields at the top level with expire_in of 4 hours', async () => {
    const approve = await sb.app.inject({
      method: 'POST',
      url: '/shopee/authorize',
      ...form({ decision: 'approve', shop_id: '947042923', redirect: 'https://balas.test/cb' }),
    });
    const code = new URL(String(approve.headers.location)).searchParams.get('code');
    const res = await tokenGet({ code, partner_id: SHOPEE.partnerId, shop_id: 947042923 });
    expect(res.json()).toMatchObject({ error: '', message: '', expire_in: 14_400 });
    expect(res.json().response).toBeUndefined();
  });

  it('refuses a code for another shop, and a token/get without partner_id or code', async () => {
    const approve = await sb.app.inject({
      method: 'POST',
      url: '/shopee/authorize',
      ...form({ decision: 'approve', shop_id: '947042923', redirect: 'https://balas.test/cb' }),
    });
    const code = new URL(String(approve.headers.location)).searchParams.get('code');
    expect((await tokenGet({ code, partner_id: SHOPEE.partnerId, shop_id: 947042987 })).json().error).toBe(
      'invalid_shop_id',
    );
    expect((await tokenGet({ code, shop_id: 947042923 })).json().error).toBe('error_param');
    expect((await tokenGet({ partner_id: SHOPEE.partnerId, shop_id: 947042923 })).json().error).toBe(
      'error_param',
    );
  });

  it('rotates refresh tokens: each is single use and the answer carries a new one', async () => {
    const { refreshToken } = await authorizeShopee(sb);
    const first = await refresh(refreshToken);
    expect(first.json()).toMatchObject({
      error: '',
      partner_id: SHOPEE.partnerId,
      shop_id: 947042923,
      expire_in: 14_400,
    });
    expect(first.json().refresh_token).not.toBe(refreshToken);
    const reused = await refresh(refreshToken);
    expect(reused.json()).toEqual({ ...envelope, error: 'error_auth', message: 'Invalid refresh_token.' });
    const next = await refresh(first.json().refresh_token);
    expect(next.json().error).toBe('');
    expect(
      (await shopInfo({ accessToken: next.json().access_token, shopId: '947042923' })).json().error,
    ).toBe('');
  });

  it('refuses an expired refresh token and one used for another shop', async () => {
    const { refreshToken } = await authorizeShopee(sb);
    expect((await refresh(refreshToken, 947042987)).json().error).toBe('error_shop_refresh_token');
    sb.clock.now += 31 * 86_400_000;
    expect((await refresh(refreshToken)).json()).toMatchObject({ error: 'refresh_token_expired' });
  });
});

describe('Shopee access tokens on shop-level calls', () => {
  it('accepts a fresh token and refuses it after 4 hours', async () => {
    const { accessToken } = await authorizeShopee(sb);
    const auth = { accessToken, shopId: '947042923' };
    expect((await shopInfo(auth)).json()).toMatchObject({
      error: '',
      shop_name: 'Kedai Bayi Comel (Shopee)',
    });
    sb.clock.now += 4 * 3600_000 + 1000;
    const expired = await shopInfo(auth);
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toEqual({
      ...envelope,
      error: 'invalid_acceess_token',
      message: 'Invalid access_token.',
    });
  });

  it('honours accessTokenTtlSeconds', async () => {
    const short = await testSandbox({ accessTokenTtlSeconds: 60 });
    const { accessToken } = await authorizeShopee(short);
    short.clock.now += 61_000;
    const res = await short.app.inject({
      url: shopeeUrl(short.clock.now, '/api/v2/shop/get_shop_info', {}, { accessToken, shopId: '947042923' }),
    });
    expect(res.json().error).toBe('invalid_acceess_token');
    await short.app.close();
  });

  it('refuses an unknown token, a token of another shop, a wrong shop sign and a missing access_token', async () => {
    const unknown = await shopInfo({ accessToken: 'f'.repeat(32), shopId: '947042923' });
    expect(unknown.json().error).toBe('invalid_acceess_token');

    const { accessToken } = await authorizeShopee(sb);
    const other = await shopInfo({ accessToken, shopId: '947042987' });
    expect(other.json()).toMatchObject({ error: 'error_auth', message: 'Invalid partner_id or shopid.' });

    const publicSigned = shopeeUrl(sb.clock.now, '/api/v2/shop/get_shop_info', {
      access_token: accessToken,
      shop_id: '947042923',
    });
    expect((await inject(publicSigned)).json().error).toBe('error_sign');

    const noToken = shopeeUrl(sb.clock.now, '/api/v2/shop/get_shop_info', { shop_id: '947042923' });
    expect((await inject(noToken)).json()).toMatchObject({
      error: 'error_param',
      message: 'There is no access_token in query.',
    });
  });

  it('revokes every token when the seller cancels the authorization', async () => {
    const { accessToken, refreshToken } = await authorizeShopee(sb);
    const page = await inject(
      shopeeUrl(sb.clock.now, '/api/v2/shop/cancel_auth_partner', { redirect: 'https://balas.test/bye' }),
    );
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Kedai Bayi Comel (Shopee)');
    expect(page.body).not.toContain('Batik Lane KL');
    const cancel = await sb.app.inject({
      method: 'POST',
      url: '/shopee/cancel_authorize',
      ...form({ decision: 'approve', shop_id: '947042923', redirect: 'https://balas.test/bye' }),
    });
    expect(cancel.headers.location).toBe('https://balas.test/bye?shop_id=947042923');
    const revoked = await shopInfo({ accessToken, shopId: '947042923' });
    expect(revoked.statusCode).toBe(403);
    expect(revoked.json().error).toBe('error_auth');
    expect((await refresh(refreshToken)).json().error).toBe('shop_no_linked');
  });
});
