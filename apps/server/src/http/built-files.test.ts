import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompress } from '../../../../scripts/precompress.mjs';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { acceptedEncoding, immutable } from './built-files.ts';

// A build as apps/web's produces it: hashed assets, the dashboard's index.html, the site's pages.
const dist = mkdtempSync(join(tmpdir(), 'balas-web-dist-'));
const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><title>${title}</title><script type="module" src="/assets/site-abc123.js"></script></head><body><div id="root">${body}${' '.repeat(2000)}</div></body></html>`;
const script = `export const greeting = ${JSON.stringify('hello '.repeat(500))};`;

let t: TestApp;
beforeAll(async () => {
  mkdirSync(join(dist, 'assets'));
  mkdirSync(join(dist, 'pages'));
  writeFileSync(join(dist, 'assets/site-abc123.js'), script);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nDisallow: /dashboard\n');
  writeFileSync(join(dist, 'index.html'), page('Balas dashboard', ''));
  mkdirSync(join(dist, 'views'));
  writeFileSync(
    join(dist, 'views', 'shop.html'),
    page('Balas dashboard', '').replace(
      '</head>',
      '<link rel="modulepreload" href="/assets/shop-1.js"></head>',
    ),
  );
  for (const [name, title] of [
    ['index', 'Balas · AI customer service for online merchants'],
    ['login', 'Log in · Balas'],
    ['terms', 'Terms & Conditions · Balas'],
    ['reset-password', 'Choose a new password · Balas'],
    ['not-found', 'Page not found · Balas'],
  ]) {
    writeFileSync(join(dist, 'pages', `${name}.html`), page(title!, `<h1>${title}</h1>`));
  }
  precompress(dist);
  t = await createTestApp({}, { webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });
const titleOf = (html: string) => html.match(/<title>([^<]*)<\/title>/)?.[1];

describe('the built web app', () => {
  it('sends hashed assets precompressed, cached for a year as immutable', async () => {
    const br = await get('/assets/site-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(immutable);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gzip = await get('/assets/site-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/site-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends each site page at its address with its own title, never cached without revalidation', async () => {
    for (const [url, title] of [
      ['/', 'Balas · AI customer service for online merchants'],
      ['/login', 'Log in · Balas'],
      ['/terms', 'Terms & Conditions · Balas'],
      ['/reset-password/a1b2c3?email=a%40b.co', 'Choose a new password · Balas'],
    ] as const) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(titleOf(brotliDecompressSync(res.rawPayload).toString())).toBe(title);
    }
  });

  it('answers a revalidation with 304 when the page did not change', async () => {
    const first = await get('/login');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"/);
    const again = await get('/login', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('sends the dashboard under its addresses and the not-found page, with a 404, anywhere else', async () => {
    for (const url of ['/dashboard', '/dashboard/shops/shopee/1', '/chat/shopee/1/2', '/test?id=3']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(titleOf(res.body)).toBe('Balas dashboard');
    }
    const missing = await get('/no/such/page');
    expect(missing.statusCode).toBe(404);
    expect(titleOf(missing.body)).toBe('Page not found · Balas');
    // Pages exist only at their addresses, not as files.
    expect((await get('/pages/login.html')).statusCode).toBe(404);
    expect((await get('/index.html')).statusCode).toBe(404);
  });

  it("names a view's code in its page, and only in its page", async () => {
    const shop = await get('/dashboard/shops/shopee/0b7f', { 'accept-encoding': 'br' });
    expect(shop.statusCode).toBe(200);
    expect(brotliDecompressSync(shop.rawPayload).toString()).toContain('href="/assets/shop-1.js"');
    const again = await get('/dashboard/shops/shopee/0b7f', { 'if-none-match': String(shop.headers.etag) });
    expect(again.statusCode).toBe(304);
    for (const url of ['/dashboard/shops', '/dashboard/shops/shopee/1/more', '/insights']) {
      const other = await get(url);
      expect(other.statusCode, url).toBe(200);
      expect(other.body, url).not.toContain('modulepreload');
    }
  });

  it('serves a real robots.txt', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('Disallow: /dashboard');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('keeps the API’s own 404 for unknown API calls', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('not_found');
  });
});

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0', () => {
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
  });
});
