import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../../test/test-app.ts';

/**
 * Every route under /api/ requires a signed-in merchant unless it declares `config: { public: true }`
 * (authGuard). The routes are the app's own list, not one written here: a new route that forgets
 * to say it is public is checked by this test the day it is added.
 */
let t: TestApp;

// The routes that answer without a token, each on purpose: a route joins this list by a decision.
const expectedPublic = [
  // A chat picture the merchant sent, shown by Lazada and the widget (an unguessable address).
  'GET /api/chat-images/:shopId/:imageId',
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/yaml',
  'GET /api/health',
  'GET /api/lazada/callback',
  'GET /api/shopee/callback/:state',
  'GET /api/signout',
  'GET /api/website/v1/:id',
  'GET /api/website/v1/:id/:sessionId',
  'POST /api/forgot_password',
  'POST /api/reset_password',
  'POST /api/signin',
  'POST /api/signup',
  'POST /api/webhooks/lazada',
  'POST /api/webhooks/shopee',
  'POST /api/website/v1/:id',
  'POST /api/website/v1/:id/rating',
];

const sample = (name: string) => (/id$/i.test(name) ? '00000000-0000-4000-8000-000000000000' : 'x');
const urlOf = (url: string) => url.replace(/:(\w+)/g, (_m, name: string) => sample(name)).replace(/\*$/, 'x');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('private by default', () => {
  it('lists the public routes, each declared', () => {
    const declared = t.app.apiRoutes
      .filter((r) => r.public)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(declared).toEqual([...expectedPublic].sort());
  });

  it('answers 401 without a token on every other route', async () => {
    const guarded = t.app.apiRoutes.filter((r) => !r.public);
    // Shops, topics, files, products, inbox, insights, saved replies, the simulator, the account...
    expect(guarded.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of guarded) {
      for (const headers of [{}, { authorization: 'Bearer not-a-session' }]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: urlOf(route.url),
          headers,
          // A valid-looking body changes nothing: the token is checked before the body is read.
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        if (res.statusCode !== 401 || res.json().error?.code !== 'unauthenticated')
          failures.push(`${route.method} ${route.url} ${JSON.stringify(headers)} -> ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets a signed-in merchant through, and the method override does not skip the check', async () => {
    const me = await signUp(t.app);
    expect((await t.app.inject({ url: '/api/me', headers: me.headers })).statusCode).toBe(200);
    // POST with ?_method=DELETE is routed as the DELETE: it is checked like it.
    const overridden = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/v1/${sample('shopId')}/products?_method=DELETE`,
      payload: { productId: ['1'] },
    });
    expect(overridden.statusCode).toBe(401);
  });

  it('keeps the public routes open', async () => {
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/docs/json' })).statusCode).toBe(200);
    // A public route that names a shop answers about the shop, not about a token.
    expect((await t.app.inject({ url: `/api/website/v1/${sample('id')}` })).statusCode).toBe(404);
  });
});
