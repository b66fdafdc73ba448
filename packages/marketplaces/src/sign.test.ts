import { describe, expect, it } from 'vitest';
import {
  lazadaBaseString,
  lazadaSign,
  shopeeBaseString,
  shopeeSign,
  verifyLazadaPush,
  verifyShopeePush,
} from './sign.ts';

// Expected digests below were computed once outside this code (node -e and Python's hmac module
// agree) and written down as literals, so the tests pin the wire format, not our implementation.
const PARTNER_KEY = 'shpk4a5a6f6e7a6b6c6d6e6f7071727374';

describe('Shopee signing', () => {
  it('signs a public call over partner_id + path + timestamp, lowercase hex', () => {
    const parts = { partnerId: 1000001, path: '/api/v2/shop/auth_partner', timestamp: 1700000000 };
    expect(shopeeBaseString(parts)).toBe('1000001/api/v2/shop/auth_partner1700000000');
    expect(shopeeSign(PARTNER_KEY, parts)).toBe(
      '83ee06c4edf31a90c1ca8d9ea0eb5536505ff3cd14e4e46c29dd4ee1e45380b6',
    );
  });

  it('adds access_token + shop_id for a shop call', () => {
    const parts = {
      partnerId: '1000001',
      path: '/api/v2/sellerchat/get_message',
      timestamp: 1700000000,
      accessToken: 'access-abc123',
      shopId: '600123456',
    };
    expect(shopeeBaseString(parts)).toBe(
      '1000001/api/v2/sellerchat/get_message1700000000access-abc123600123456',
    );
    expect(shopeeSign(PARTNER_KEY, parts)).toBe(
      '9f1acf53c787147c2812ffe7dc2730a076f9645d1433ea5061676a2547ff81aa',
    );
  });
});

describe('Lazada signing', () => {
  const params = {
    app_key: '123456',
    access_token: 'test',
    timestamp: 1517820392000,
    sign_method: 'sha256',
    order_id: '1234',
  };

  it('matches the official worked example (uppercase hex)', () => {
    expect(lazadaBaseString('/order/get', params)).toBe(
      '/order/getaccess_tokentestapp_key123456order_id1234sign_methodsha256timestamp1517820392000',
    );
    expect(lazadaSign('helloworld', '/order/get', params)).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });

  it('leaves a `sign` param out of its own signature', () => {
    expect(lazadaSign('helloworld', '/order/get', { ...params, sign: 'X' })).toBe(
      '4190D32361CFB9581350222F345CB77F3B19F0E31D162316848A2C1FFD5FAB4A',
    );
  });
});

describe('push verification', () => {
  const shopee = {
    partnerKey: PARTNER_KEY,
    callbackUrl: 'https://balas.example/api/webhooks/shopee',
    rawBody: '{"code":10}',
  };
  const shopeeDigest = 'c55a05048f945b430f74c6898085fe1970f5033020cd69e0e191d26c9925f8a8';

  it('accepts a good Shopee signature in either case', () => {
    expect(verifyShopeePush({ ...shopee, authorization: shopeeDigest })).toBe(true);
    expect(verifyShopeePush({ ...shopee, authorization: shopeeDigest.toUpperCase() })).toBe(true);
  });

  it('refuses forged or missing Shopee signatures', () => {
    expect(verifyShopeePush({ ...shopee, rawBody: '{"code":10} ', authorization: shopeeDigest })).toBe(false);
    expect(
      verifyShopeePush({ ...shopee, callbackUrl: 'https://evil.example', authorization: shopeeDigest }),
    ).toBe(false);
    expect(verifyShopeePush({ ...shopee, authorization: shopeeDigest.slice(1) })).toBe(false);
    expect(verifyShopeePush({ ...shopee, authorization: undefined })).toBe(false);
  });

  const lazada = { appKey: 'appkey', appSecret: 'secret', rawBody: '{"message_type":19}' };
  const lazadaDigest = '230c67c5842cce79871faf402a62cdfbe70d304b97c565ddd1a58269a437371f';

  it('accepts a good Lazada signature in either case, and refuses forgeries', () => {
    expect(verifyLazadaPush({ ...lazada, authorization: lazadaDigest })).toBe(true);
    expect(verifyLazadaPush({ ...lazada, authorization: lazadaDigest.toUpperCase() })).toBe(true);
    expect(verifyLazadaPush({ ...lazada, appSecret: 'other', authorization: lazadaDigest })).toBe(false);
    expect(verifyLazadaPush({ ...lazada, rawBody: '{"message_type":0}', authorization: lazadaDigest })).toBe(
      false,
    );
    expect(verifyLazadaPush({ ...lazada, authorization: '' })).toBe(false);
  });
});
