import { describe, expect, it } from 'vitest';
import { isAuthError } from './errors.ts';
import { fakeFetch, noSleep, reply, type SentRequest } from './fake-fetch.ts';
import { createLazadaClient, type LazadaClientOptions } from './lazada.ts';
import { lazadaSign } from './sign.ts';

const NOW_MS = 1_700_000_000_123;
const SECRET = 'app-secret';

function client(urls: Partial<LazadaClientOptions>, ...answers: Parameters<typeof fakeFetch>) {
  const fake = fakeFetch(...answers);
  const lazada = createLazadaClient({
    appKey: '123456',
    appSecret: SECRET,
    ...urls,
    fetch: fake.fetch,
    now: () => NOW_MS,
    sleep: noSleep,
  });
  return { lazada, sent: fake.sent };
}

/** Every param the gateway sees (query plus form body), and whether `sign` covers them for apiPath. */
function signedParams(req: SentRequest, apiPath: string) {
  const params = Object.fromEntries([...req.url.searchParams, ...new URLSearchParams(req.body)]);
  const { sign, ...rest } = params;
  expect(sign).toBe(lazadaSign(SECRET, apiPath, rest));
  return rest;
}

const tokenAnswer = {
  code: '0',
  access_token: 'a',
  refresh_token: 'r',
  expires_in: 604_800,
  refresh_expires_in: 1_209_600,
  account: 'seller@example.com',
  country: 'my',
  request_id: 'req',
};

describe('Lazada authorization', () => {
  it('builds the authorization URL on the default host', () => {
    const { lazada } = client({});
    const url = new URL(lazada.authorizationUrl({ redirectUri: 'https://balas.example/cb', state: 's1' }));
    expect(url.origin + url.pathname).toBe('https://auth.lazada.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      force_auth: 'true',
      redirect_uri: 'https://balas.example/cb',
      client_id: '123456',
      state: 's1',
    });
  });

  it('creates a token on the auth host, signed without access_token, and normalizes it', async () => {
    const { lazada, sent } = client(
      {},
      reply({ ...tokenAnswer, country_user_info: [{ country: 'my', seller_id: '1001', user_id: '9' }] }),
    );
    const tokens = await lazada.createToken('code-1');
    expect(tokens).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      expiresAt: new Date(NOW_MS + 604_800_000),
      refreshExpiresAt: new Date(NOW_MS + 1_209_600_000),
      account: 'seller@example.com',
      sellerId: '1001',
      country: 'my',
    });
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(req.url.origin + req.url.pathname).toBe('https://auth.lazada.com/rest/auth/token/create');
    expect(signedParams(req, '/auth/token/create')).toEqual({
      app_key: '123456',
      timestamp: String(NOW_MS),
      sign_method: 'sha256',
      code: 'code-1',
    });
  });

  it('reads the seller from country_user_info_list on refresh', async () => {
    const { lazada, sent } = client(
      { authRestUrl: 'http://localhost:3000/sandbox/lazada/rest' },
      reply({ ...tokenAnswer, country_user_info_list: [{ country: 'my', seller_id: '1001' }] }),
    );
    expect((await lazada.refreshToken('r0')).sellerId).toBe('1001');
    expect(sent[0]!.url.pathname).toBe('/sandbox/lazada/rest/auth/token/refresh');
    expect(signedParams(sent[0]!, '/auth/token/refresh').refresh_token).toBe('r0');
  });
});

describe('Lazada IM and catalogue', () => {
  const apiBaseUrl = 'http://localhost:3000/sandbox/lazada/rest/';

  it('lists sessions under a prefixed base, signing only the API path', async () => {
    const { lazada, sent } = client(
      { apiBaseUrl },
      reply({
        code: '0',
        data: {
          session_list: [{ session_id: '100_2_200_1_3', title: 'Ali', buyer_id: 200, unread_count: 1 }],
          has_more: true,
          next_start_time: 1699999999000,
          last_session_id: '100_2_200_1_3',
        },
      }),
    );
    const page = await lazada.listSessions('tok', { startTime: NOW_MS, pageSize: 20 });
    expect(sent[0]!.url.pathname).toBe('/sandbox/lazada/rest/im/session/list');
    expect(signedParams(sent[0]!, '/im/session/list')).toMatchObject({
      access_token: 'tok',
      start_time: String(NOW_MS),
      page_size: '20',
    });
    expect(page).toMatchObject({
      hasMore: true,
      nextStartTime: 1699999999000,
      lastSessionId: '100_2_200_1_3',
    });
    expect(page.sessions[0]).toMatchObject({ sessionId: '100_2_200_1_3', title: 'Ali', buyerId: '200' });
  });

  it('sends a message with business params in the form body', async () => {
    const { lazada, sent } = client(
      { apiBaseUrl },
      reply({ code: '0', data: { message_id: 'm1', template_id: 1, current_time: NOW_MS } }),
    );
    const sentMessage = await lazada.sendMessage('tok', { sessionId: 's1', templateId: 1, txt: 'Halo' });
    expect(sentMessage).toEqual({ messageId: 'm1', templateId: 1, currentTime: NOW_MS });
    const req = sent[0]!;
    expect(req.method).toBe('POST');
    expect(Object.fromEntries(new URLSearchParams(req.body))).toEqual({
      session_id: 's1',
      template_id: '1',
      txt: 'Halo',
    });
    expect(signedParams(req, '/im/message/send').txt).toBe('Halo');
  });

  it('reads messages with their content kept as JSON text', async () => {
    const { lazada } = client(
      { apiBaseUrl },
      reply({
        code: '0',
        data: {
          message_list: [
            {
              message_id: 'm2',
              session_id: 's1',
              from_account_type: 1,
              template_id: 1,
              content: '{"txt":"hi"}',
            },
          ],
          has_more: false,
        },
      }),
    );
    const page = await lazada.listMessages('tok', { sessionId: 's1', startTime: NOW_MS, pageSize: 20 });
    expect(page.messages[0]).toMatchObject({ messageId: 'm2', fromAccountType: 1, content: '{"txt":"hi"}' });
  });

  it('normalizes products', async () => {
    const { lazada } = client(
      { apiBaseUrl },
      reply({
        code: '0',
        data: {
          total_products: 1,
          products: [
            {
              item_id: 42,
              attributes: { name: 'Teh', short_description: 'Tarik' },
              skus: [
                {
                  SkuId: 421,
                  SellerSku: 'A',
                  price: 10,
                  special_price: 8,
                  quantity: 3,
                  Images: ['https://img/a'],
                  saleProp: { color_family: 'Sage', size: 'M' },
                },
                { SellerSku: 'B', price: 12, special_price: 0, quantity: 4 },
              ],
            },
          ],
        },
      }),
    );
    const { products, total } = await lazada.getProducts('tok', { offset: 0, limit: 50 });
    expect(total).toBe(1);
    expect(products[0]).toMatchObject({
      itemId: '42',
      name: 'Teh',
      description: 'Tarik',
      price: 8,
      stock: 7,
      images: ['https://img/a'],
    });
    expect(products[0]!.skus).toEqual([
      {
        sellerSku: 'A',
        skuId: '421',
        saleProps: { color_family: 'Sage', size: 'M' },
        price: 10,
        specialPrice: 8,
        quantity: 3,
      },
      { sellerSku: 'B', skuId: '', saleProps: {}, price: 12, specialPrice: null, quantity: 4 },
    ]);
  });

  it('maps a non-zero code to a MarketplaceError and does not retry it', async () => {
    const { lazada, sent } = client(
      {},
      reply({ code: 'IllegalAccessToken', type: 'ISV', message: 'expired', request_id: 'req-2' }),
    );
    const e = await lazada.getSession('tok', 's1').catch((x: unknown) => x);
    expect(e).toMatchObject({ platform: 'lazada', code: 'IllegalAccessToken', requestId: 'req-2' });
    expect(isAuthError(e)).toBe(true);
    expect(sent).toHaveLength(1);
  });

  it('retries a throttled call', async () => {
    const { lazada, sent } = client(
      {},
      reply({ code: 'ApiCallLimit', message: 'slow down' }),
      reply({ code: '0', data: { data_list: [{ id: 7, voucher_name: 'V' }], total: 1 } }),
    );
    const { vouchers } = await lazada.getVouchers('tok', {
      voucherType: 'COLLECTIBLE_VOUCHER',
      curPage: 1,
      pageSize: 10,
    });
    expect(vouchers[0]).toMatchObject({ voucherId: '7', name: 'V' });
    expect(sent).toHaveLength(2);
    expect(sent[1]!.url.origin).toBe('https://api.lazada.com.my');
  });

  it('treats an IM answer with success=false as an error', async () => {
    const { lazada } = client(
      {},
      reply({ code: '0', success: false, err_code: '1001', err_message: 'no session' }),
    );
    await expect(lazada.readSession('tok', { sessionId: 's', lastReadMessageId: 'm' })).rejects.toMatchObject(
      {
        code: '1001',
      },
    );
  });
});
