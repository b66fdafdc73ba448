import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';
import { answerCompressionPlugin, compressionThreshold } from './compression.ts';

let t: TestApp;
let headers: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  // Enough shops that their list is well over the threshold.
  for (let i = 0; i < 6; i++) await createWebsiteShop(t.app, headers, `Kedai Baju Kurung Aisyah ${i}`);
});
afterAll(async () => {
  await t.close();
});

const shops = (acceptEncoding?: string) =>
  t.app.inject({
    url: '/api/shopee',
    headers: acceptEncoding === undefined ? headers : { ...headers, 'accept-encoding': acceptEncoding },
  });

describe('API answer compression', () => {
  it('sends a JSON answer over 1 KB as is without Accept-Encoding, saying it varies on it', async () => {
    const res = await shops();
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeGreaterThan(compressionThreshold);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.json().data).toHaveLength(6);
  });

  it('compresses it in brotli when accepted, preferred over gzip, decoding to the same JSON', async () => {
    const plain = (await shops()).json();
    for (const accept of ['br', 'gzip, deflate, br', 'gzip;q=1, br;q=1', 'br, gzip, zstd']) {
      const res = await shops(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = brotliDecompressSync(res.rawPayload);
      expect(res.rawPayload.length).toBeLessThan(body.length / 2);
      expect(JSON.parse(body.toString('utf8'))).toEqual(plain);
    }
  });

  it('compresses it in gzip when that is what the client accepts', async () => {
    const plain = (await shops()).json();
    for (const accept of ['gzip', 'gzip, deflate', 'br;q=0, gzip', 'x-gzip']) {
      const res = await shops(accept);
      expect(res.headers['content-encoding']).toBe('gzip');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain);
    }
  });

  it('sends it as is when the client accepts nothing we have', async () => {
    for (const accept of ['', 'identity', 'deflate', 'br;q=0, gzip;q=0']) {
      const res = await shops(accept);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.json().data).toHaveLength(6);
    }
  });

  it('does not compress an answer under 1 KB, nor an error', async () => {
    const small = await t.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(compressionThreshold);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toMatch(/accept-encoding/i);
    expect(small.json().data.status).toBe('ok');
    const missing = await t.app.inject({ url: '/api/no-such-route', headers: { 'accept-encoding': 'br' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(missing.json().error.code).toBe('not_found');
  });

  it('leaves the API docs, outside the API scope, as they are', async () => {
    const docs = await t.app.inject({ url: '/api/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(docs.statusCode).toBe(200);
    expect(docs.rawPayload.length).toBeGreaterThan(compressionThreshold);
    expect(docs.headers['content-encoding']).toBeUndefined();
  });
});

describe('answerCompressionPlugin on other kinds of answers', () => {
  const big = { items: Array.from({ length: 200 }, (_, i) => ({ i, text: `item number ${i}` })) };
  const app = Fastify();
  beforeAll(async () => {
    await app.register(answerCompressionPlugin);
    app.get('/json', async () => big);
    app.get('/events', (_request, reply) => {
      const lines = Array.from(
        { length: 100 },
        (_, i) => `data: ${JSON.stringify({ i, text: 'x'.repeat(40) })}\n\n`,
      );
      reply.type('text/event-stream').send(Readable.from(lines));
    });
    app.get('/gzipped', (_request, reply) => {
      reply
        .type('application/json')
        .header('content-encoding', 'gzip')
        .send(gzipSync(JSON.stringify(big)));
    });
    app.get('/image', (_request, reply) => {
      reply.type('image/png').send(Buffer.alloc(4096, 7));
    });
    await app.ready();
  });
  afterAll(() => app.close());

  it('streams a large JSON answer compressed', async () => {
    const res = await app.inject({ url: '/json', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('never compresses server-sent events', async () => {
    const res = await app.inject({ url: '/events', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.startsWith('data: {"i":0')).toBe(true);
  });

  it('does not compress an answer twice', async () => {
    const res = await app.inject({ url: '/gzipped', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.rawPayload).toString('utf8'))).toEqual(big);
  });

  it('does not compress a type that is already compressed', async () => {
    const res = await app.inject({ url: '/image', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(4096);
  });
});
