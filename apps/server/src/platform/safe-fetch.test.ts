import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSafeFetch, createWebsiteFetch, FetchRefused, isForbiddenAddress } from './safe-fetch.ts';

/** A site on loopback that records what reached it. */
async function serve(handle: (req: IncomingMessage, res: ServerResponse) => void) {
  const hits: { url: string; agent: string | undefined }[] = [];
  const server: Server = createServer((req, res) => {
    hits.push({ url: req.url ?? '', agent: req.headers['user-agent'] });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { server, port, hits, url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

type Site = Awaited<ReturnType<typeof serve>>;
let site: Site;
let other: Site;
beforeAll(async () => {
  other = await serve((_req, res) => res.end('the other loopback site'));
  site = await serve((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/page') {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end('<p>hello</p>');
    } else if (url.pathname === '/gzip') {
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-type', 'text/html');
      res.end(gzipSync('<p>zipped</p>'));
    } else if (url.pathname === '/big') {
      res.end('x'.repeat(5000));
    } else if (url.pathname === '/bomb') {
      res.setHeader('content-encoding', 'gzip');
      res.end(gzipSync(Buffer.alloc(5_000_000)));
    } else if (url.pathname === '/slow') {
      setTimeout(() => res.end('late'), 3000);
    } else if (url.pathname === '/loop') {
      res.statusCode = 302;
      res.setHeader('location', `/loop?${Number(url.searchParams.get('n') ?? 0) + 1}`);
      res.end();
    } else if (url.pathname === '/to') {
      res.statusCode = 301;
      res.setHeader('location', url.searchParams.get('where') ?? '/');
      res.end();
    } else {
      res.statusCode = 404;
      res.end('none');
    }
  });
});
afterAll(() => {
  site.close();
  other.close();
});

const base = { userAgent: 'BalasBot/1.0 (test)', maxRedirects: 3, timeoutMs: 1000 };
/** The fetcher as production builds it: nothing private allowed. */
const strict = createSafeFetch(base);
/** Only the one test site is allowed although on loopback. */
const lenient = () => createSafeFetch({ ...base, allowPrivateForTests: [`127.0.0.1:${site.port}`] });

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefused);
  return (error as FetchRefused).reason;
}

describe('isForbiddenAddress', () => {
  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '10.255.0.9',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '0.1.2.3',
    '224.0.0.1',
    '239.255.255.250',
    '240.0.0.1',
    '255.255.255.255',
    '192.0.2.10',
    '198.18.0.1',
    '::',
    '::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:a9fe:a9fe',
    '64:ff9b::10.0.0.1',
    '::127.0.0.1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    'fe80::1%eth0',
    'ff02::1',
    '2001:db8::1',
    '2002:7f00:1::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
  ])('allows the public %s', (address) => {
    expect(isForbiddenAddress(address)).toBe(false);
  });
});

describe('safe fetch refuses what is not a public http(s) address', () => {
  it('refuses loopback by default, and nothing reaches the site', async () => {
    const before = site.hits.length;
    expect(await refusal(strict(`${site.url}/page`, { maxBytes: 1000 }))).toBe('privateAddress');
    expect(await refusal(strict(`http://localhost:${site.port}/page`, { maxBytes: 1000 }))).toBe(
      'privateAddress',
    );
    expect(await refusal(strict(`http://[::ffff:127.0.0.1]:${site.port}/page`, { maxBytes: 1000 }))).toBe(
      'privateAddress',
    );
    expect(await refusal(strict(`http://[::1]:${site.port}/page`, { maxBytes: 1000 }))).toBe(
      'privateAddress',
    );
    // 127.1 and the decimal form are 127.0.0.1 once the URL is parsed.
    expect(await refusal(strict(`http://127.1:${site.port}/page`, { maxBytes: 1000 }))).toBe(
      'privateAddress',
    );
    expect(await refusal(strict(`http://2130706433:${site.port}/page`, { maxBytes: 1000 }))).toBe(
      'privateAddress',
    );
    expect(site.hits.length).toBe(before);
  });

  it('refuses 10/8, the metadata address and other private ranges without connecting', async () => {
    for (const url of [
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://192.168.0.1/',
      'http://172.16.5.4/',
      'http://100.64.0.1/',
      'http://0.0.0.0/',
      'http://[fd00::1]/',
      'http://[fe80::1]/',
    ]) {
      expect(await refusal(strict(url, { maxBytes: 1000 })), url).toBe('privateAddress');
    }
  });

  it('refuses a name that resolves to a private address, or to any private one among public ones', async () => {
    const resolving = (addresses: string[]) =>
      createSafeFetch({
        ...base,
        resolve: async () => addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
      });
    expect(await refusal(resolving(['10.1.2.3'])('http://intranet.example.com/', { maxBytes: 100 }))).toBe(
      'privateAddress',
    );
    expect(
      await refusal(
        resolving(['93.184.215.14', '169.254.169.254'])('http://mixed.example.com/', { maxBytes: 100 }),
      ),
    ).toBe('privateAddress');
    expect(await refusal(resolving(['::1'])('http://six.example.com/', { maxBytes: 100 }))).toBe(
      'privateAddress',
    );
    // A name resolving to loopback of the test site: refused even though the site is up.
    const before = site.hits.length;
    expect(
      await refusal(resolving(['127.0.0.1'])(`http://shop.example.com:${site.port}/page`, { maxBytes: 100 })),
    ).toBe('privateAddress');
    expect(site.hits.length).toBe(before);
  });

  it('refuses a redirect to a private address, checked again at each hop', async () => {
    const fetcher = lenient();
    const before = other.hits.length;
    expect(
      await refusal(
        fetcher(`${site.url}/to?where=${encodeURIComponent(`${other.url}/`)}`, { maxBytes: 100 }),
      ),
    ).toBe('privateAddress');
    expect(
      await refusal(
        fetcher(`${site.url}/to?where=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, {
          maxBytes: 100,
        }),
      ),
    ).toBe('privateAddress');
    expect(other.hits.length).toBe(before);
  });

  it('refuses other schemes, credentials in the address, and redirects to another scheme', async () => {
    expect(await refusal(strict('file:///etc/passwd', { maxBytes: 100 }))).toBe('scheme');
    expect(await refusal(strict('ftp://example.com/', { maxBytes: 100 }))).toBe('scheme');
    expect(await refusal(strict('gopher://example.com/', { maxBytes: 100 }))).toBe('scheme');
    expect(await refusal(strict('http://user:pw@example.com/', { maxBytes: 100 }))).toBe('credentials');
    expect(await refusal(strict('not a url', { maxBytes: 100 }))).toBe('invalidUrl');
    expect(
      await refusal(
        lenient()(`${site.url}/to?where=${encodeURIComponent('file:///etc/passwd')}`, { maxBytes: 100 }),
      ),
    ).toBe('scheme');
  });
});

describe('safe fetch of an allowed site', () => {
  it('fetches with its user agent and follows a redirect on the site', async () => {
    const fetcher = lenient();
    const page = await fetcher(`${site.url}/to?where=/page`, { maxBytes: 1000 });
    expect(page.status).toBe(200);
    expect(page.url).toBe(`${site.url}/page`);
    expect(page.body.toString()).toBe('<p>hello</p>');
    expect(site.hits.at(-1)?.agent).toBe('BalasBot/1.0 (test)');
    const zipped = await fetcher(`${site.url}/gzip`, { maxBytes: 1000 });
    expect(zipped.body.toString()).toBe('<p>zipped</p>');
  });

  it('caps redirects, size (also after decompression) and time', async () => {
    const fetcher = lenient();
    expect(await refusal(fetcher(`${site.url}/loop`, { maxBytes: 1000 }))).toBe('tooManyRedirects');
    expect(await refusal(fetcher(`${site.url}/big`, { maxBytes: 1000 }))).toBe('tooLarge');
    expect(await refusal(fetcher(`${site.url}/bomb`, { maxBytes: 100_000 }))).toBe('tooLarge');
    const started = Date.now();
    expect(await refusal(fetcher(`${site.url}/slow`, { maxBytes: 1000 }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('names itself BalasBot with the server address in production', async () => {
    const fetcher = createWebsiteFetch({
      publicUrl: 'https://balas.example.com',
      websitePrivateAllowForTests: [`127.0.0.1:${site.port}`],
    });
    await fetcher(`${site.url}/page`, { maxBytes: 1000 });
    expect(site.hits.at(-1)?.agent).toMatch(/^BalasBot\/1\.0 \(\+https:\/\/balas\.example\.com/);
    // Without the test-only exception the same site is refused.
    const production = createWebsiteFetch({
      publicUrl: 'https://balas.example.com',
      websitePrivateAllowForTests: [],
    });
    expect(await refusal(production(`${site.url}/page`, { maxBytes: 1000 }))).toBe('privateAddress');
  });
});
