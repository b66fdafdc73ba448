import { createHmac } from 'node:crypto';
import { sandboxDefaults } from '@balas/marketplace-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-app.ts';

// With only Shopee's live credentials, Lazada is off: no sandbox, no sandbox secret, no route.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    SHOPEE_PARTNER_ID: '1234567',
    SHOPEE_PARTNER_KEY: 'live-partner-key',
    SHOPEE_BASE_URL: 'http://127.0.0.1:9',
  });
});
afterAll(async () => {
  await t.close();
});

describe('platform modes', () => {
  it('refuses a Lazada push signed with the sandbox secret when Lazada is off', async () => {
    const body = JSON.stringify({
      seller_id: '999',
      message_type: 19,
      data: { session_id: 'x' },
      timestamp: 1,
    });
    const signature = createHmac('sha256', sandboxDefaults.lazada.appSecret)
      .update(`${sandboxDefaults.lazada.appKey}${body}`)
      .digest('hex');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/lazada',
      headers: { 'content-type': 'application/json', authorization: signature },
      payload: body,
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a Shopee push signed with the sandbox key when Shopee is live', async () => {
    const body = JSON.stringify({ code: 10, shop_id: 1, data: {} });
    const url = `${t.ctx.config.publicUrl}/api/webhooks/shopee`;
    const sign = (key: string) => createHmac('sha256', key).update(`${url}|${body}`).digest('hex');
    const send = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/webhooks/shopee',
        headers: { 'content-type': 'application/json', authorization },
        payload: body,
      });
    expect((await send(sign(sandboxDefaults.shopee.partnerKey))).statusCode).toBe(401);
    expect((await send(sign('live-partner-key'))).statusCode).toBe(200);
  });

  it('mounts no sandbox and connects no shop on a platform that is off, with a clear message', async () => {
    expect((await t.app.inject({ url: '/sandbox/shopee/api/v2/shop/auth_partner' })).statusCode).toBe(404);
    const { headers } = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/lazada',
      headers,
      payload: {
        name: 'My Lazada shop',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.message).toMatch(/Lazada is not set up on this server/);
    const shops = await t.app.inject({ url: '/api/shopee', headers });
    expect(shops.json().data).toEqual([]);
  });
});
