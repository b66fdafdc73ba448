import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/**
 * Walks every API route that names a shop (or something under one) as a second merchant, with the
 * first merchant's real ids and valid payloads, and expects 404 from each.
 */
let t: TestApp;
const ids: Record<string, string> = {};
let intruder: Record<string, string>;

const bodies: Record<string, unknown> = {
  'PUT /api/shopee/v1/:shopId': { defaultBotStatus: true },
  'POST /api/shopee/:shopId/gpt': { name: 'Stolen' },
  'POST /api/shopee/:shopId/gpt/copy': { fromShopId: '' },
  'POST /api/shopee/:shopId/gpt/:categoryId/information': ['x'],
  'POST /api/shopee/:shopId/gpt/:categoryId/response': ['x'],
  'PUT /api/shopee/:shopId/gpt/:categoryId/voucher': { voucherId: null },
  'PUT /api/shopee/v1/:shopId/:conversationId': { status: true },
  'PUT /api/lazada/v1/:shopId/:conversationId': { status: true },
  'POST /api/shopee/v1/:shopId/:conversationId': { message: 'hello' },
  'POST /api/lazada/v1/:shopId/:conversationId': { message: 'hello' },
  'POST /api/shopee/v1/:shopId/info': {
    productId: ['1'],
    additionalInfo: [{ title: 'q', description: 'a' }],
  },
  'DELETE /api/shopee/v1/:shopId/products': { productId: ['1'] },
  'POST /api/inbox/conversations/:id/snooze': { until: new Date(Date.now() + 3600_000).toISOString() },
  'PUT /api/inbox/response-windows/:shopId': { hours: 6 },
  'PATCH /api/saved-replies/:id': { text: 'Stolen' },
  'POST /api/shopee/v1/:shopId/info/remove-product': {
    infoIds: ['00000000-0000-0000-0000-000000000000'],
    productId: '1',
  },
};

// Routes that are public on purpose (platform callbacks and pushes, the website widget) or not shop-scoped.
const publicRoutes = [
  /^\/api\/(shopee|lazada)\/callback/,
  /^\/api\/webhooks\//,
  /^\/api\/website\//,
  /^\/api\/docs/,
];

beforeAll(async () => {
  t = await createTestApp();
  const owner = await signUp(t.app);
  ids.shopId = await createWebsiteShop(t.app, owner.headers);
  ids.id = ids.shopId;
  const topic = await t.app.inject({
    method: 'POST',
    url: `/api/shopee/${ids.shopId}/gpt`,
    headers: owner.headers,
    payload: { name: 'Mine' },
  });
  ids.categoryId = topic.json().data.id;
  const stored = await t.app.services.inbox.ingest(await ownerShop(owner.token), {
    conversation: { externalId: 'conv1', customerId: 'buyer', customerName: 'Buyer' },
    message: {
      externalId: 'm1',
      sender: 'customer',
      type: 'text',
      content: { text: 'private' },
      sentAt: new Date(),
    },
  });
  ids.conversationId = stored!.conversation.externalId;
  ids.messageId = stored!.message.id;
  ids.infoId = '00000000-0000-0000-0000-000000000000';
  ids.state = 'x';
  bodies['POST /api/shopee/:shopId/gpt/copy'] = { fromShopId: ids.shopId };
  intruder = (await signUp(t.app)).headers;
  await createWebsiteShop(t.app, intruder, 'Intruder shop');
});
afterAll(async () => {
  await t.close();
});

async function ownerShop(token: string) {
  const { shops } = await import('../../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const merchantId = (await t.app.services.auth.authenticate(token))!;
  return (await t.ctx.database.db.select().from(shops).where(eq(shops.merchantId, merchantId)))[0]!;
}

describe('tenant isolation', () => {
  it('answers 404 to another merchant on every shop-scoped route', async () => {
    const scoped = t.app.apiRoutes.filter(
      (r) =>
        /:(shopId|id|categoryId|conversationId)\b/.test(r.url) && !publicRoutes.some((p) => p.test(r.url)),
    );
    expect(scoped.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const route of scoped) {
      const url = route.url.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(ids[name] ?? 'x'));
      const key = `${route.method} ${route.url}`;
      const res = await t.app.inject({
        method: route.method as 'GET',
        url:
          url.includes('/lang_chain_push/loader') && route.method === 'GET' && !url.includes('download')
            ? `${url}?shopId=${ids.shopId}`
            : key === 'GET /api/shopee/:shopId/gpt/copy'
              ? `${url}?fromShopId=${ids.shopId}`
              : url,
        headers: intruder,
        ...(bodies[key] !== undefined ? { payload: bodies[key] as object } : {}),
      });
      if (res.statusCode !== 404) failures.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('guards the routes that take the shop in the query or body', async () => {
    const list = await t.app.inject({
      url: `/api/shopee/v1/lang_chain_push/loader?shopId=${ids.shopId}`,
      headers: intruder,
    });
    expect(list.statusCode).toBe(404);
    const simulate = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers: intruder,
      payload: { question: 'hi', shopId: ids.shopId, conversation: '12345678' },
    });
    expect(simulate.statusCode).toBe(404);
  });
});
