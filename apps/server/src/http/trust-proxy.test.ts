import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../test/test-app.ts';

/**
 * Behind one proxy (TRUST_PROXY=1) the client is the address that proxy appended to
 * X-Forwarded-For; whatever a client writes before it is not believed.
 */
let t: TestApp;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '1' });
  const { headers } = await signUp(t.app);
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
});

const PROXY = '10.0.0.2';
/** A request through the proxy from `client`, with a forged address of the client's own choosing first. */
const viaProxy = (client: string, i: number) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': `198.51.${i % 250}.${(i * 7) % 250}, ${client}` },
});

describe('TRUST_PROXY behind one proxy', () => {
  it('keeps the login limit per client when the client rotates a forged X-Forwarded-For', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 101; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/signin',
        ...viaProxy('203.0.113.9', i),
        // A new e-mail each time: only the address limit can stop it.
        payload: { email: `guess${i}@example.com`, password: 'wrong password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses[100]).toBe(429);
    // Another shopper behind the same proxy is not blocked.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/signin',
      ...viaProxy('203.0.113.10', 0),
      payload: { email: 'guess0@example.com', password: 'wrong password' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('keeps the widget limit per client when the client rotates a forged X-Forwarded-For', async () => {
    const url = `/api/website/v1/${shopId}/abcdefABCDEF`;
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      statuses.push((await t.app.inject({ url, ...viaProxy('203.0.113.20', i) })).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(120);
    expect(statuses[120]).toBe(429);
    expect((await t.app.inject({ url, ...viaProxy('203.0.113.21', 0) })).statusCode).toBe(200);
  });
});
