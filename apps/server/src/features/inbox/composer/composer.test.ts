import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import { composerWords, limits } from '@balas/contracts';
import { MarketplaceError } from '@balas/marketplaces';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { shops } from '../../../db/schema.ts';
import { connectShop, eventually, shopperSays, shopperSees } from '../../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';
import { sniffImage } from './image-sniff.ts';

/** A real PNG of the given size (one grey row repeated), for the upload and the sniffing. */
function pngOf(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const rows = Buffer.alloc((width + 1) * height, 0x80);
  for (let y = 0; y < height; y++) rows[y * (width + 1)] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A WebP header (VP8X, 300 × 200): enough for the sniffing. */
const webp = () => {
  const b = Buffer.alloc(40);
  b.write('RIFF', 0, 'latin1');
  b.writeUInt32LE(32, 4);
  b.write('WEBPVP8X', 8, 'latin1');
  b.writeUInt32LE(10, 16);
  b.writeUIntLE(299, 24, 3);
  b.writeUIntLE(199, 27, 3);
  return b;
};

function multipart(file: Buffer, fileName = 'photo.png', type = 'image/png') {
  const boundary = '----composer-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return u.pathname + u.search;
};

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
});
afterAll(async () => {
  await t.close();
});

const inject = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

const upload = (segment: string, shopId: string, file: Buffer, name?: string) => {
  const body = multipart(file, name);
  return t.app.inject({
    method: 'POST',
    url: `/api/${segment}/v1/${shopId}/chat-images`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('image sniffing', () => {
  it('tells JPEG, PNG, WebP and GIF and their size from the bytes alone', () => {
    expect(sniffImage(pngOf(3, 2))).toEqual({ type: 'image/png', ext: 'png', width: 3, height: 2 });
    expect(sniffImage(webp())).toEqual({ type: 'image/webp', ext: 'webp', width: 300, height: 200 });
    const gif = Buffer.from('GIF89a\x10\x00\x08\x00\x00\x00\x00', 'latin1');
    expect(sniffImage(gif)).toMatchObject({ type: 'image/gif', width: 16, height: 8 });
    // SOI, an APP0 segment of 16 bytes, then SOF0 with height 480 and width 640.
    const jpeg = Buffer.from([
      0xff,
      0xd8,
      0xff,
      0xe0,
      0x00,
      0x10,
      ...Buffer.from('JFIF\0'),
      1,
      1,
      0,
      0,
      1,
      0,
      1,
      0,
      0,
      0xff,
      0xc0,
      0x00,
      0x11,
      0x08,
      0x01,
      0xe0,
      0x02,
      0x80,
      0x03,
      1,
      0x22,
      0,
      2,
      0x11,
      1,
      3,
      0x11,
      1,
    ]);
    expect(sniffImage(jpeg)).toMatchObject({ type: 'image/jpeg', width: 640, height: 480 });
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeNull();
    expect(sniffImage(pngOf(3, 2).subarray(0, 20))).toBeNull();
  });
});

const SHOPS = { shopee: '947042923', lazada: '100094063' } as const;
const BUYERS = { shopee: '880011', lazada: '1880011' } as const;

describe.each(['shopee', 'lazada'] as const)('the composer on %s', (provider) => {
  let shopId: string;
  let conversation: string;
  const shopMessages = async () =>
    (await shopperSees(t.app, provider, SHOPS[provider], BUYERS[provider])).filter((m) => m.from === 'shop');
  const send = (body: unknown) =>
    inject('POST', `/api/${provider}/v1/${shopId}/${encodeURIComponent(conversation)}`, body);

  beforeAll(async () => {
    ({ id: shopId } = await connectShop(t.app, headers, provider, SHOPS[provider]));
    await t.ctx.queue.idle();
    await shopperSays(t.app, provider, SHOPS[provider], BUYERS[provider], 'Boleh hantar gambar?');
    conversation = await eventually(async () => {
      const list = (
        await inject('GET', `/api/${provider}/v1/${shopId}?direction=older&type=all&page_size=50`)
      ).json().data;
      const rows: Record<string, string>[] = provider === 'lazada' ? list.session_list : list.conversations;
      const row = rows.find((r) => (provider === 'lazada' ? r.buyer_id : r.to_id) === BUYERS[provider]);
      if (!row) throw new Error('conversation not synced yet');
      return provider === 'lazada' ? row.session_id! : row.conversation_id!;
    });
  });

  it('uploads a picture (sniffed, sized) and sends it as the platform’s image message', async () => {
    const up = await upload(provider, shopId, pngOf(40, 30));
    expect(up.statusCode).toBe(200);
    const image = up.json().data;
    expect(image).toMatchObject({ width: 40, height: 30, type: 'image/png' });
    expect(image.imageId).toMatch(/\.png$/);
    // Served at its public address, as the bytes uploaded.
    const served = await t.app.inject({ url: pathOf(image.url) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(pngOf(40, 30))).toBe(true);

    const before = (await shopMessages()).length;
    const res = await send({ type: 'image', content: { imageId: image.imageId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('sent');
    const seen = (await shopMessages()).slice(before);
    expect(seen).toHaveLength(1);
    if (provider === 'shopee') {
      // Shopee: uploaded to Shopee first, sent with the url its upload answered.
      expect(seen[0]!.content.url).toMatch(/\/sandbox\/shopee\/file\//);
      const copy = await t.app.inject({ url: pathOf(String(seen[0]!.content.url)) });
      expect(copy.rawPayload.equals(pngOf(40, 30))).toBe(true);
    } else {
      // Lazada: template 3 with our public address (and the size).
      expect(seen[0]!.content.url).toBe(image.url);
    }
  });

  it('refuses what is not a picture, too large a picture, and WebP where Shopee takes none', async () => {
    const svg = await upload(
      provider,
      shopId,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'x.png',
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().error.message).toBe(composerWords.imageWrongType(provider));
    const big = await upload(
      provider,
      shopId,
      Buffer.concat([pngOf(2, 2), Buffer.alloc(limits.chatImageMaxBytes)]),
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe(composerWords.imageOverLimit);
    const w = await upload(provider, shopId, webp(), 'x.webp');
    expect(w.statusCode).toBe(provider === 'shopee' ? 415 : 200);
    // An id that was never uploaded, or of the wrong form, is refused and nothing is stored.
    const missing = await send({
      type: 'image',
      content: { imageId: '00000000-0000-4000-8000-000000000000.png' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toMatch(/no longer stored/);
    expect((await send({ type: 'image', content: { imageId: '../secret.key' } })).statusCode).toBe(400);
    expect((await send({ type: 'image' })).statusCode).toBe(400);
    expect((await send({ type: 'sticker', content: {} })).statusCode).toBe(400);
  });

  it('sends a product of the catalogue as the platform’s product message, and refuses others', async () => {
    const products = (await inject('GET', `/api/shopee/v1/${shopId}/search?search=&pageSize=5`)).json().data;
    const productId = products[0].productId as string;
    const before = (await shopMessages()).length;
    const res = await send({ type: 'product', content: { productId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('sent');
    const [sent] = (await shopMessages()).slice(before);
    expect(String(sent!.content.item_id)).toBe(productId);
    const unknown = await send({ type: 'product', content: { productId: '999' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(composerWords.productNotInShop);
  });

  it('sends a running voucher as the platform’s voucher message', async () => {
    const vouchers = (await inject('GET', `/api/shopee/${shopId}/gpt/vouchers`)).json().data;
    const before = (await shopMessages()).length;
    const res = await send({ type: 'voucher', content: { voucherId: vouchers[0].id } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('sent');
    const [sent] = (await shopMessages()).slice(before);
    expect(String(sent!.content.voucher_id)).toBe(vouchers[0].id);
    const unknown = await send({ type: 'voucher', content: { voucherId: '12345' } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(composerWords.voucherNotRunning);
  });

  it("sends one of this shopper's orders as the platform’s order message, and no one else's", async () => {
    const recent = (
      await inject('GET', `/api/${provider}/v1/${shopId}/${encodeURIComponent(conversation)}/orders`)
    ).json().data;
    expect(recent.result).toBe('found');
    const orderSn = recent.orders[0].orderSn as string;
    const before = (await shopMessages()).length;
    const res = await send({ type: 'order', content: { orderId: orderSn } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('sent');
    const [sent] = (await shopMessages()).slice(before);
    expect(String(sent!.content.order_sn)).toBe(orderSn);
    const other = await send({ type: 'order', content: { orderId: 'NOT-HERS-1' } });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(composerWords.orderNotShoppers);
  });

  it('keeps text replies as they were: `message` alone, and its own validation message', async () => {
    expect((await send({ message: 'Terima kasih!' })).json().data.status).toBe('sent');
    const empty = await send({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toHaveProperty('message');
  });

  it('shows a failed send in merchant words, and Retry sends it once, however often it is pressed', async () => {
    const platform = t.app.services.platforms.of(provider);
    const spy = vi
      .spyOn(platform, 'send')
      .mockRejectedValueOnce(
        new MarketplaceError({ platform: provider, code: 'error_rate_limit', message: 'Too many requests' }),
      );
    const products = (await inject('GET', `/api/shopee/v1/${shopId}/search?search=&pageSize=5`)).json().data;
    const before = (await shopMessages()).length;
    const failed = (await send({ type: 'product', content: { productId: products[1].productId } })).json()
      .data;
    expect(failed.status).toBe('failed');
    expect(failed.error).toBe(composerWords.failure.busy(provider === 'shopee' ? 'Shopee' : 'Lazada'));
    expect((await shopMessages()).length).toBe(before);
    spy.mockRestore();
    const retry = () =>
      inject(
        'POST',
        `/api/${provider}/v1/${shopId}/${encodeURIComponent(conversation)}/messages/${failed.id}/retry`,
      );
    const answers = await Promise.all([retry(), retry(), retry()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404, 404]);
    expect((await shopMessages()).length).toBe(before + 1);
    expect((await retry()).statusCode).toBe(404);
  });
});

describe('the composer on the website widget', () => {
  let shopId: string;
  const SESSION = 'abcDEF123456';

  beforeAll(async () => {
    shopId = await createWebsiteShop(t.app, headers);
    const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, shopId));
    await t.app.services.products.upsertCatalogue(shop!.id, [
      {
        externalId: 'tote-1',
        name: 'Batik Tote Bag',
        description: '',
        price: '49.00',
        currency: 'MYR',
        stock: 5,
        images: ['https://example.com/tote.jpg'],
      },
    ]);
    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/website/v1/${shopId}`,
      payload: { query: 'Do you have tote bags?', sessionId: SESSION },
    });
    expect(asked.statusCode).toBe(200);
  });

  it('sends a picture and a product card that the widget shows', async () => {
    const send = (body: unknown) => inject('POST', `/api/shopee/v1/${shopId}/${SESSION}`, body);
    const image = (await upload('shopee', shopId, pngOf(20, 10))).json().data;
    // The widget takes WebP too.
    expect((await upload('shopee', shopId, webp(), 'x.webp')).statusCode).toBe(200);
    expect((await send({ type: 'image', content: { imageId: image.imageId } })).json().data.status).toBe(
      'sent',
    );
    expect((await send({ type: 'product', content: { productId: 'tote-1' } })).json().data.status).toBe(
      'sent',
    );
    const history = (await t.app.inject({ url: `/api/website/v1/${shopId}/${SESSION}` })).json().data
      .chatHistory;
    const replies = history.flatMap((turn: { replies: unknown[] }) => turn.replies);
    expect(replies).toContainEqual(
      expect.objectContaining({ from: 'agent', image: { url: image.url, width: 20, height: 10 } }),
    );
    expect(replies).toContainEqual(
      expect.objectContaining({
        from: 'agent',
        product: {
          id: 'tote-1',
          name: 'Batik Tote Bag',
          price: '49.00',
          currency: 'MYR',
          image: 'https://example.com/tote.jpg',
        },
      }),
    );
    // No vouchers or orders on the website.
    const voucher = await send({ type: 'voucher', content: { voucherId: '1' } });
    expect(voucher.statusCode).toBe(400);
    expect(voucher.json().error.message).toBe(composerWords.noVouchers);
    expect((await send({ type: 'order', content: { orderId: 'A1' } })).json().error.message).toBe(
      composerWords.noOrders,
    );
  });

  it('serves no picture of another shop or path', async () => {
    expect((await t.app.inject({ url: `/api/chat-images/${shopId}/..%2F..%2Fsecret.key` })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/chat-images/not-a-shop/x.png' })).statusCode).toBe(404);
    const other = '00000000-0000-4000-8000-000000000000';
    expect((await t.app.inject({ url: `/api/chat-images/${other}/${other}.png` })).statusCode).toBe(404);
  });
});
