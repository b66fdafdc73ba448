import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeShop } from './grants.ts';
import { authorizeLazada, form, LAZADA, lazadaParams, type TestSandbox, testSandbox } from './test-kit.ts';

let sb: TestSandbox;
beforeEach(async () => {
  sb = await testSandbox();
});
afterEach(() => sb.app.close());

const call = (apiPath: string, params: Record<string, string>, tweak = {}) =>
  sb.app.inject({ url: `/lazada/rest${apiPath}?${lazadaParams(sb.clock.now, apiPath, params, tweak)}` });
const api = (token: string, apiPath: string, params: Record<string, string> = {}) =>
  call(apiPath, { access_token: token, ...params });
const postForm = (token: string, apiPath: string, params: Record<string, string>) =>
  sb.app.inject({
    method: 'POST',
    url: `/lazada/rest${apiPath}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: lazadaParams(sb.clock.now, apiPath, { access_token: token, ...params }).toString(),
  });

const error = (code: string) => ({
  code,
  type: 'ISV',
  message: expect.any(String),
  request_id: expect.any(String),
});

describe('Lazada authorization and tokens', () => {
  it('matches the official signature test vector (the test signer itself)', () => {
    const base = '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000';
    expect(createHmac('sha256', 'helloworld').update(base).digest('hex').toUpperCase()).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('renders the authorization page and approving redirects with a code and the state', async () => {
    const q = new URLSearchParams({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: 'https://balas.test/cb',
      client_id: LAZADA.appKey,
      state: 'xyz',
    });
    const page = await sb.app.inject({ url: `/lazada/oauth/authorize?${q}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dapur Mak Teh (Lazada)');
    expect(page.body).toContain('name="state" value="xyz"');
    const bad = await sb.app.inject({
      url: `/lazada/oauth/authorize?${q}`.replace('client_id=100001', 'client_id=9'),
    });
    expect(bad.statusCode).toBe(400);

    const approve = await sb.app.inject({
      method: 'POST',
      url: '/lazada/oauth/approve',
      ...form({
        decision: 'approve',
        shop_id: '100094071',
        redirect_uri: 'https://balas.test/cb',
        state: 'xyz',
      }),
    });
    const location = new URL(String(approve.headers.location));
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('code')).toMatch(/^0_100001_\w+$/);
  });

  it('creates tokens from a code once, with the seller in country_user_info', async () => {
    const { code, accessToken } = await authorizeLazada(sb);
    expect(accessToken).toMatch(/^50000\w+$/);
    const again = await call('/auth/token/create', { code });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(error('InvalidCode'));

    const fresh = await authorizeLazada(sb, '100094071');
    const created = await call('/auth/token/refresh', { refresh_token: fresh.refreshToken });
    expect(created.json()).toMatchObject({
      code: '0',
      country: 'my',
      account_platform: 'seller_center',
      expires_in: 7 * 86_400,
      country_user_info_list: [{ country: 'my', seller_id: '100094071' }],
    });
  });

  it('answers token/create with the documented fields', async () => {
    const approve = await sb.app.inject({
      method: 'POST',
      url: '/lazada/oauth/approve',
      ...form({ decision: 'approve', shop_id: '100094063', redirect_uri: 'https://balas.test/cb' }),
    });
    const code = new URL(String(approve.headers.location)).searchParams.get('code')!;
    const res = await call('/auth/token/create', { code });
    expect(res.json()).toMatchObject({
      code: '0',
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      refresh_expires_in: 14 * 86_400,
      account: expect.stringContaining('@'),
      country_user_info: [{ country: 'my', seller_id: '100094063', user_id: expect.any(String) }],
    });
  });

  it('refuses a reused refresh token, and refresh tokens of a revoked seller', async () => {
    const { refreshToken } = await authorizeLazada(sb);
    const first = await call('/auth/token/refresh', { refresh_token: refreshToken });
    expect(first.json().code).toBe('0');
    expect((await call('/auth/token/refresh', { refresh_token: refreshToken })).json()).toEqual(
      error('IllegalRefreshToken'),
    );
    revokeShop(sb.state, 'lazada', '100094063');
    expect(
      (await call('/auth/token/refresh', { refresh_token: first.json().refresh_token })).json().code,
    ).toBe('IllegalRefreshToken');
  });

  it('refuses a wrong sign, a lowercase sign, an expired or seconds timestamp and a missing parameter', async () => {
    const { accessToken } = await authorizeLazada(sb);
    const params = { access_token: accessToken, start_time: String(sb.clock.now), page_size: '10' };
    expect((await call('/im/session/list', params, { secret: 'wrong' })).json()).toEqual(
      error('IncompleteSignature'),
    );
    const lower = lazadaParams(sb.clock.now, '/im/session/list', params);
    lower.set('sign', lower.get('sign')!.toLowerCase());
    expect((await sb.app.inject({ url: `/lazada/rest/im/session/list?${lower}` })).json().code).toBe(
      'IncompleteSignature',
    );
    expect(
      (await call('/im/session/list', params, { timestamp: sb.clock.now - 3 * 3600_000 })).json().code,
    ).toBe('InvalidTimestamp');
    expect(
      (await call('/im/session/list', params, { timestamp: Math.floor(sb.clock.now / 1000) })).json().code,
    ).toBe('InvalidTimestamp');
    const noTime = await call('/im/session/list', { access_token: accessToken, page_size: '10' });
    expect(noTime.json()).toEqual(error('MissingParameter'));
    expect(noTime.json().message).toContain('start_time');
  });

  it('refuses unknown, expired and revoked access tokens', async () => {
    const list = (token: string) =>
      api(token, '/im/session/list', { start_time: String(sb.clock.now), page_size: '10' });
    expect((await list('50000nope')).json()).toEqual(error('IllegalAccessToken'));
    const { accessToken } = await authorizeLazada(sb);
    expect((await list(accessToken)).json().code).toBe('0');
    sb.clock.now += 7 * 86_400_000 + 1;
    expect((await list(accessToken)).json().code).toBe('IllegalAccessToken');

    const other = await authorizeLazada(sb, '100094071');
    revokeShop(sb.state, 'lazada', '100094071');
    expect((await list(other.accessToken)).json().code).toBe('IllegalAccessToken');
  });
});

describe('Lazada IM', () => {
  it('lists sessions and messages with cursors; content is a JSON string; ids name both accounts', async () => {
    const { accessToken } = await authorizeLazada(sb);
    const sessions = await api(accessToken, '/im/session/list', {
      start_time: String(sb.clock.now),
      page_size: '1',
    });
    const data = sessions.json().data;
    expect(data.session_list).toHaveLength(1);
    expect(data.has_more).toBe(true);
    expect(data.session_list[0]).toMatchObject({
      session_id: expect.stringMatching(/^100094063_2_\d+_1_\d+$/),
      title: 'Wong Kah Wai',
      unread_count: 1,
      summary: 'Boleh COD ke Johor Bahru?',
    });
    const next = await api(accessToken, '/im/session/list', {
      start_time: String(data.next_start_time),
      last_session_id: data.last_session_id,
      page_size: '10',
    });
    const aisyah = next.json().data.session_list[0];
    expect(aisyah.title).toBe('Nur Aisyah');
    expect(next.json().data.has_more).toBe(false);

    const one = await api(accessToken, '/im/session/get', { session_id: aisyah.session_id });
    expect(one.json().data.session_id).toBe(aisyah.session_id);

    const messages = await api(accessToken, '/im/message/list', {
      session_id: aisyah.session_id,
      start_time: String(sb.clock.now),
      page_size: '2',
    });
    const m = messages.json().data;
    expect(m.has_more).toBe(true);
    expect(m.message_list[0]).toMatchObject({ from_account_type: 2, to_account_type: 1, template_id: 1 });
    expect(JSON.parse(m.message_list[0].content)).toEqual({
      txt: 'Hi! Yes, it fits any car with ISOFIX points, including the Myvi.',
    });
    expect(m.message_list[1]).toMatchObject({ from_account_type: 1, template_id: 10_006 });
    expect(JSON.parse(m.message_list[1].content)).toMatchObject({
      itemId: expect.any(String),
      title: expect.any(String),
    });
    const older = await api(accessToken, '/im/message/list', {
      session_id: aisyah.session_id,
      start_time: String(m.next_start_time),
      last_message_id: m.last_message_id,
      page_size: '2',
    });
    expect(older.json().data.message_list).toHaveLength(1);
  });

  it('sends text and product cards (form body params are signed too) and marks sessions read', async () => {
    const { accessToken } = await authorizeLazada(sb);
    const sessions = await api(accessToken, '/im/session/list', {
      start_time: String(sb.clock.now),
      page_size: '10',
    });
    const session = sessions.json().data.session_list[0];
    const sent = await postForm(accessToken, '/im/message/send', {
      session_id: session.session_id,
      template_id: '1',
      txt: 'Boleh, COD available!',
    });
    expect(sent.json()).toMatchObject({
      code: '0',
      data: { message_id: expect.any(String), template_id: 1 },
    });
    const card = await postForm(accessToken, '/im/message/send', {
      session_id: session.session_id,
      template_id: '10006',
      item_id: '3001234505',
    });
    expect(card.json().code).toBe('0');
    const bad = await postForm(accessToken, '/im/message/send', {
      session_id: session.session_id,
      template_id: '10006',
      item_id: '1',
    });
    expect(bad.json().code).toBe('InvalidParameter');

    await sb.shopperSend({
      platform: 'lazada',
      shopId: '100094063',
      buyerId: '1880022',
      text: 'Terima kasih',
    });
    const read = await postForm(accessToken, '/im/session/read', {
      session_id: session.session_id,
      last_read_message_id: sent.json().data.message_id,
    });
    expect(read.json().code).toBe('0');
    const after = await api(accessToken, '/im/session/get', { session_id: session.session_id });
    expect(after.json().data).toMatchObject({ unread_count: 1, summary: 'Terima kasih' });
  });
});

describe('Lazada products and vouchers', () => {
  it('lists products with SKUs, variations and images, and gets one item', async () => {
    const { accessToken } = await authorizeLazada(sb, '100094071');
    const page = await api(accessToken, '/products/get', { filter: 'live', offset: '0', limit: '50' });
    const { total_products, products } = page.json().data;
    expect(total_products).toBe(15);
    const sambal = products[0];
    expect(sambal).toMatchObject({
      item_id: 3_001_256_701,
      attributes: { name: 'Sambal Garing Bilis 200g' },
      images: [
        expect.stringMatching(/^http:\/\/sandbox\.test\/sandbox\/assets\/products\/\d+\.svg$/),
        expect.any(String),
      ],
    });
    expect(sambal.skus).toHaveLength(3);
    expect(sambal.skus[2]).toMatchObject({
      price: 18.9,
      special_price: 0,
      saleProp: { level: 'Extra Pedas' },
    });
    const kuali = products.find((p: { attributes: { name: string } }) =>
      p.attributes.name.startsWith('Cast Iron'),
    );
    expect(kuali.skus[0]).toMatchObject({ price: 109, special_price: 89 });
    expect((await api(accessToken, '/products/get', { limit: '51' })).json().code).toBe('InvalidParameter');

    const one = await api(accessToken, '/product/item/get', { item_id: '3001256702' });
    expect(one.json().data.attributes.name).toBe('Rendang Paste 250g');
  });

  it('lists vouchers by type and status', async () => {
    const { accessToken } = await authorizeLazada(sb);
    const res = await api(accessToken, '/promotion/vouchers/get', {
      voucher_type: 'COLLECTIBLE_VOUCHER',
      cur_page: '1',
      page_size: '10',
    });
    const list = res.json().data.data_list;
    expect(list.map((v: { voucher_code: string }) => v.voucher_code)).toEqual(['COMEL5', 'MERDEKA31']);
    expect(list[0]).toMatchObject({ offering_money_value_off: 5, status: 'ONGOING', currency: 'MYR' });
    const ongoing = await api(accessToken, '/promotion/vouchers/get', {
      voucher_type: 'REGULAR_VOUCHER',
      status: 'ONGOING',
    });
    expect(ongoing.json().data.data_list).toEqual([
      expect.objectContaining({ voucher_code: 'COMEL10', offering_percentage_discount_off: 10 }),
    ]);
    expect((await api(accessToken, '/promotion/vouchers/get')).json().code).toBe('MissingParameter');
  });

  it('answers unknown API paths in the Lazada envelope', async () => {
    const res = await call('/order/not_a_call', { order_id: '1' });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('InvalidApiPath');
  });
});
