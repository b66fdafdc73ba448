import { describe, expect, it, vi } from 'vitest';
import { MarketplaceError, needsReauthorization } from './errors.ts';
import { jsonWithNumericIds, parseJsonKeepingBigInts } from './json.ts';
import { createLazadaClient } from './lazada.ts';
import { parseShopeePush } from './push.ts';
import { shouldRefresh } from './refresh.ts';
import { createShopeeClient, shopeeExpiry } from './shopee.ts';
import { lazadaSign, shopeeSign, verifyLazadaPush, verifyShopeePush } from './sign.ts';

describe('signing', () => {
  it('matches Lazada’s official worked example', () => {
    const params = {
      app_key: '123456',
      access_token: 'test',
      timestamp: '1517820392000',
      sign_method: 'sha256',
      order_id: '1234',
    };
    expect(lazadaSign('helloworld', '/order/get', params)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('signs Shopee calls over partner_id + path + timestamp (lowercase hex)', () => {
    // Computed independently with Python's hmac module for the same base string.
    expect(shopeeSign('shopee-key', 2000001, '/api/v2/shop/auth_partner', 1700000000)).toBe(
      'b355096d049e67a5541bd9e89686aa3a2efc4534e33a8110a0cbe65e3904dba6',
    );
  });

  it('verifies pushes, case-insensitively, and refuses forgeries', () => {
    const body = '{"code":10}';
    const shopee = shopeeSign('k', 'https://x/api/webhooks/shopee|', body);
    expect(
      verifyShopeePush({
        partnerKey: 'k',
        callbackUrl: 'https://x/api/webhooks/shopee',
        rawBody: body,
        authorization: shopee.toUpperCase(),
      }),
    ).toBe(true);
    expect(
      verifyShopeePush({
        partnerKey: 'k',
        callbackUrl: 'https://x/api/webhooks/shopee',
        rawBody: `${body} `,
        authorization: shopee,
      }),
    ).toBe(false);
    expect(
      verifyShopeePush({
        partnerKey: 'k',
        callbackUrl: 'https://x/other',
        rawBody: body,
        authorization: shopee,
      }),
    ).toBe(false);
    const lazada = shopeeSign('secret', 'appkey', body);
    expect(
      verifyLazadaPush({ appKey: 'appkey', appSecret: 'secret', rawBody: body, authorization: lazada }),
    ).toBe(true);
    expect(
      verifyLazadaPush({ appKey: 'appkey', appSecret: 'secret', rawBody: body, authorization: undefined }),
    ).toBe(false);
  });
});

describe('big ids', () => {
  it('keeps integers beyond 2^53 exact, and digits inside strings untouched', () => {
    const parsed = parseJsonKeepingBigInts(
      '{"conversation_id":709122092476686867123,"n":42,"text":"call 70912209247668686712","f":-1.5e3}',
    ) as Record<string, unknown>;
    expect(parsed).toEqual({
      conversation_id: '709122092476686867123',
      n: 42,
      text: 'call 70912209247668686712',
      f: -1500,
    });
    expect(jsonWithNumericIds({ to_id: '709122092476686867123', x: 'y' }, ['to_id'])).toBe(
      '{"to_id":709122092476686867123,"x":"y"}',
    );
  });

  it('parses a webchat push with its message as text', () => {
    const push = parseShopeePush(
      '{"code":10,"shop_id":947042923,"timestamp":1,"data":{"type":"message","content":"{\\"message_id\\":2302748948493123953,\\"conversation_id\\":709122092476686867,\\"from_id\\":1,\\"content\\":{\\"text\\":\\"hi\\"},\\"created_timestamp\\":5}"}}',
    );
    expect(push.kind).toBe('message');
    if (push.kind === 'message') expect(push.message.messageId).toBe('2302748948493123953');
  });
});

describe('clients', () => {
  const ok = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

  it('builds the Shopee authorization URL under a prefixed base, signing only the platform path', () => {
    const client = createShopeeClient(
      { partnerId: 1, partnerKey: 'k', baseUrl: 'http://h/sandbox/shopee/' },
      { now: () => 1_700_000_000_000 },
    );
    const url = new URL(client.authorizationUrl('http://me/cb'));
    expect(url.pathname).toBe('/sandbox/shopee/api/v2/shop/auth_partner');
    expect(url.searchParams.get('sign')).toBe(shopeeSign('k', 1, '/api/v2/shop/auth_partner', 1_700_000_000));
    expect(url.searchParams.get('redirect')).toBe('http://me/cb');
  });

  it('retries 5xx and throttling with backoff, but not business errors', async () => {
    const sleep = vi.fn(async () => {});
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(ok({}, 503))
      .mockResolvedValueOnce(ok({ error: 'error_rate_limit', message: 'Too many requests' }, 429))
      .mockResolvedValueOnce(ok({ error: '', response: { shop_name: 'S' } }));
    const client = createShopeeClient(
      { partnerId: 1, partnerKey: 'k', baseUrl: 'http://h' },
      { fetch, sleep },
    );
    expect(await client.getShopInfo({ accessToken: 't', shopId: '1' })).toEqual({ shop_name: 'S' });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(sleep).toHaveBeenCalledTimes(2);

    const failing = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(ok({ error: 'error_param', message: 'bad' }, 400));
    const c2 = createShopeeClient(
      { partnerId: 1, partnerKey: 'k', baseUrl: 'http://h' },
      { fetch: failing, sleep },
    );
    await expect(c2.getShopInfo({ accessToken: 't', shopId: '1' })).rejects.toMatchObject({
      code: 'error_param',
      platform: 'shopee',
    });
    expect(failing).toHaveBeenCalledTimes(1);
  });

  it('maps Lazada error bodies and recognises errors that need a new authorization', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValue(ok({ code: 'IllegalRefreshToken', message: 'expired', request_id: 'r' }, 400));
    const client = createLazadaClient(
      {
        appKey: 'a',
        appSecret: 's',
        authBaseUrl: 'http://a',
        authRestUrl: 'http://a/rest',
        apiBaseUrl: 'http://b/rest',
      },
      { fetch, sleep: async () => {} },
    );
    const error = await client.refreshToken('rt').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect(needsReauthorization(error)).toBe(true);
    const sent = new URL(String(fetch.mock.calls[0]?.[0]));
    expect(sent.pathname).toBe('/rest/auth/token/refresh');
  });

  it('reads expiry defensively and refreshes ahead of time', () => {
    expect(shopeeExpiry(14_400, 0).getTime()).toBe(14_400_000);
    expect(shopeeExpiry(1_767_001_812, 0).getTime()).toBe(1_767_001_812_000);
    expect(shouldRefresh(new Date(10_000), 0, 20_000)).toBe(true);
    expect(shouldRefresh(new Date(100_000), 0, 20_000)).toBe(false);
  });
});
