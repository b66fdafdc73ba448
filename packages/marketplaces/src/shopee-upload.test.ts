import { describe, expect, it } from 'vitest';
import { MarketplaceError } from './errors.ts';
import { fakeFetch, noSleep, reply } from './fake-fetch.ts';
import { createShopeeClient } from './shopee.ts';
import { shopeeSign } from './sign.ts';

const NOW_S = 1_700_000_000;
const auth = { accessToken: 'access-1', shopId: '600123456' };

describe('Shopee upload_image', () => {
  it('posts the picture as multipart `file`, shop-signed, and answers the url to send', async () => {
    let form: FormData | null = null;
    const fake = fakeFetch(() =>
      reply({
        error: '',
        message: '',
        response: { url: 'https://cf.shopee/x', thumbnail: 'https://cf.shopee/x_tn' },
      }),
    );
    const fetch: typeof globalThis.fetch = async (input, init) => {
      form = init?.body instanceof FormData ? init.body : null;
      return fake.fetch(input, init);
    };
    const shopee = createShopeeClient({
      partnerId: 1000001,
      partnerKey: 'partner-key',
      baseUrl: 'https://partner.shopeemobile.com',
      fetch,
      now: () => NOW_S * 1000,
      sleep: noSleep,
    });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const uploaded = await shopee.uploadImage(auth, { data: bytes, fileName: 'a.png', mime: 'image/png' });
    expect(uploaded).toEqual({
      url: 'https://cf.shopee/x',
      thumbnail: 'https://cf.shopee/x_tn',
      width: 0,
      height: 0,
    });
    const [sent] = fake.sent;
    expect(sent!.method).toBe('POST');
    expect(sent!.url.pathname).toBe('/api/v2/sellerchat/upload_image');
    expect(sent!.url.searchParams.get('sign')).toBe(
      shopeeSign('partner-key', {
        partnerId: 1000001,
        path: '/api/v2/sellerchat/upload_image',
        timestamp: NOW_S,
        ...auth,
      }),
    );
    const file = form!.get('file') as File;
    expect(file.name).toBe('a.png');
    expect(file.type).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
  });

  it("says Shopee's refusal as a MarketplaceError", async () => {
    const fake = fakeFetch(
      reply({ error: 'error_param', message: 'the image must be jpg, jpeg, png or gif' }),
    );
    const shopee = createShopeeClient({
      partnerId: 1,
      partnerKey: 'k',
      baseUrl: 'https://partner.shopeemobile.com',
      fetch: fake.fetch,
      sleep: noSleep,
    });
    const upload = shopee.uploadImage(auth, { data: new Uint8Array([1]), fileName: 'a', mime: 'image/webp' });
    await expect(upload).rejects.toBeInstanceOf(MarketplaceError);
  });
});
