import { defaultBusinessHours } from '@balas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

/**
 * Walks every API route that names something of a merchant (a shop, or something in one: a topic, an
 * entry, a conversation, a message, a product, a file, a saved reply) as a second merchant, with the
 * first merchant's real ids, each of the kind its parameter names, and valid payloads, and expects
 * 404 from each. The GET routes are asked by the owner too: anything but a 404 there shows the id was
 * of the right kind, so the intruder's 404 came from the ownership check and not from a wrong id.
 */
let t: TestApp;
let owner: Record<string, string>;
let intruder: Record<string, string>;

/** The owner's real ids, by kind. */
const real: Record<string, string> = {};

/** The kind of id each route parameter names; `:id` depends on the route. */
function kindOf(url: string, param: string): string | undefined {
  if (param !== 'id') return param;
  if (/^\/api\/shopee\/:id(\/|$)/.test(url)) return 'shopId';
  if (url.startsWith('/api/inbox/conversations/:id')) return 'conversationUuid';
  if (url.startsWith('/api/saved-replies/:id')) return 'savedReplyId';
  if (url.startsWith('/api/shopee/v1/lang_chain_push/loader/:id')) return 'fileId';
  if (url.startsWith('/api/knowledge/websites/pages/:id')) return 'websitePageId';
  if (url.startsWith('/api/knowledge/websites/:id')) return 'websiteSourceId';
  if (/\/gpt\/:categoryId\/information\/:id$/.test(url)) return 'informationEntryId';
  if (/\/gpt\/:categoryId\/response\/:id$/.test(url)) return 'responseEntryId';
  if (/\/shops\/:shopId\/tests\/:id$/.test(url)) return 'testQuestionId';
  if (/\/shops\/:shopId\/approved-answers\/:id$/.test(url)) return 'approvedAnswerId';
  return undefined;
}

const bodies: Record<string, unknown> = {
  'PUT /api/shopee/v1/:shopId': { defaultBotStatus: true },
  'POST /api/shopee/:shopId/gpt': { name: 'Stolen' },
  'POST /api/shopee/:shopId/gpt/:categoryId/information': ['x'],
  'POST /api/shopee/:shopId/gpt/:categoryId/response': ['x'],
  'PUT /api/shopee/:shopId/gpt/:categoryId/voucher': { voucherId: null },
  'PUT /api/shopee/v1/:shopId/:conversationId': { status: true },
  'PUT /api/lazada/v1/:shopId/:conversationId': { status: true },
  'POST /api/shopee/v1/:shopId/:conversationId': { message: 'hello' },
  'POST /api/lazada/v1/:shopId/:conversationId': { message: 'hello' },
  'POST /api/shopee/v1/:shopId/info': {
    productId: ['8001'],
    additionalInfo: [{ title: 'q', description: 'a' }],
  },
  'DELETE /api/shopee/v1/:shopId/products': { productId: ['8001'] },
  'POST /api/inbox/conversations/:id/snooze': { until: new Date(Date.now() + 3600_000).toISOString() },
  'PUT /api/inbox/response-windows/:shopId': { hours: 6 },
  'PUT /api/shops/:shopId/business-hours': defaultBusinessHours(),
  'PUT /api/inbox/draft-modes/:shopId': { mode: 'always' },
  'POST /api/inbox/conversations/:id/drafts/:draftId/send': { text: 'Stolen' },
  'PATCH /api/saved-replies/:id': { text: 'Stolen' },
  'PATCH /api/knowledge/websites/:id': { schedule: 'daily' },
  'POST /api/shops/:shopId/tests': { question: 'Stolen?', expect: 'handover' },
  'PUT /api/shops/:shopId/tests/:id': { question: 'Stolen?', expect: 'handover' },
  'POST /api/shops/:shopId/approved-answers': { questions: ['Stolen?'], answers: { en: 'Yes' } },
  'PUT /api/shops/:shopId/approved-answers/:id': { questions: ['Stolen?'], answers: { en: 'Yes' } },
  'PUT /api/shops/:shopId/approved-answers/threshold': { threshold: 0.8 },
  'POST /api/shops/:shopId/approved-answers/try': { question: 'Stolen?' },
};

// The owner's data takes a few dozen requests: more than the default minute on a loaded machine.
beforeAll(async () => {
  t = await createTestApp();
  const first = await signUp(t.app);
  owner = first.headers;
  real.shopId = await createWebsiteShop(t.app, owner);
  const post = async (url: string, payload: unknown) => {
    const res = await t.app.inject({ method: 'POST', url, headers: owner, payload: payload as object });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.body}`);
    return res.json().data;
  };
  real.categoryId = (await post(`/api/shopee/${real.shopId}/gpt`, { name: 'Mine' })).id;
  const topicUrl = `/api/shopee/${real.shopId}/gpt/${real.categoryId}`;
  real.informationEntryId = (
    await post(`${topicUrl}/information`, ['Delivery questions'])
  ).GPTInformation[0].id;
  real.responseEntryId = (await post(`${topicUrl}/response`, ['Delivery takes 3 days.'])).GPTResponse[0].id;

  const { shops } = await import('../../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const [shop] = await t.ctx.database.db.select().from(shops).where(eq(shops.id, real.shopId));
  const stored = await t.app.services.inbox.ingest(shop!, {
    conversation: { externalId: 'conv1', customerId: 'buyer', customerName: 'Buyer' },
    message: {
      externalId: 'm1',
      sender: 'customer',
      content: { kind: 'text', text: 'private' },
      sentAt: new Date(),
    },
  });
  real.conversationId = stored!.conversation.externalId;
  real.conversationUuid = stored!.conversation.id;
  real.messageId = stored!.message.id;
  // A draft of the bot waiting in it (draft mode).
  const { botDrafts } = await import('../../db/schema.ts');
  const [draft] = await t.ctx.database.db
    .insert(botDrafts)
    .values({
      shopId: real.shopId,
      conversationId: real.conversationUuid,
      replyTo: real.messageId,
      text: 'Private draft',
      confidence: 0.4,
    })
    .returning();
  real.draftId = draft!.id;

  await t.app.services.products.upsertCatalogue(real.shopId, [
    {
      externalId: '8001',
      name: 'Baju Kurung',
      description: 'Cotton silk.',
      price: '129.00',
      currency: 'MYR',
      stock: 8,
      images: [],
      variations: [],
    },
  ]);
  real.productId = '8001';
  await post(`/api/shopee/v1/${real.shopId}/info`, {
    productId: ['8001'],
    additionalInfo: [{ title: 'Size', description: 'Runs small' }],
  });
  const infos = await t.app.inject({ url: `/api/shopee/v1/${real.shopId}/products`, headers: owner });
  real.infoId = infos.json().data[0].additionalInfo[0].id;
  // Website shops have no platform orders: any order number names one of the shop's (none found).
  real.orderSn = 'SA240519';

  real.testQuestionId = (
    await post(`/api/shops/${real.shopId}/tests`, {
      question: 'Do you ship?',
      expect: 'answer',
      facts: [['yes']],
    })
  ).id;
  real.approvedAnswerId = (
    await post(`/api/shops/${real.shopId}/approved-answers`, {
      questions: ['Do you ship?'],
      answers: { en: 'Yes' },
    })
  ).id;
  real.savedReplyId = (await post('/api/saved-replies', { shortcut: 'thanks', text: 'Thank you!' })).id;
  real.fileId = (
    await t.app.services.knowledge.add(real.shopId, {
      fileName: 'faq.txt',
      data: Buffer.from('Delivery takes 3 days.'),
      mime: 'text/plain',
      chunkSize: 1000,
    })
  ).id;

  // A website source with one page, stored as an import leaves them (no fetch needed).
  const { websitePages, websiteSources } = await import('../../db/schema.ts');
  const [source] = await t.ctx.database.db
    .insert(websiteSources)
    .values({ shopId: real.shopId, url: 'https://shop.example.com/faq', status: 'done' })
    .returning();
  real.websiteSourceId = source!.id;
  const [page] = await t.ctx.database.db
    .insert(websitePages)
    .values({ sourceId: source!.id, shopId: real.shopId, url: source!.url, status: 'ok', text: 'Delivery' })
    .returning();
  real.websitePageId = page!.id;

  bodies['POST /api/shopee/:shopId/gpt/copy'] = { fromShopId: real.shopId };
  bodies['POST /api/shopee/v1/:shopId/info/remove-product'] = {
    infoIds: [real.infoId],
    productId: real.productId,
  };
  intruder = (await signUp(t.app)).headers;
  await createWebsiteShop(t.app, intruder, 'Intruder shop');
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** The route with the owner's ids in its path and the query fields that name a shop. */
function requestOf(route: { method: string; url: string }) {
  const missing: string[] = [];
  let url = route.url.replace(/:(\w+)/g, (_m, param: string) => {
    const id = real[kindOf(route.url, param) ?? ''];
    if (id === undefined) missing.push(param);
    return encodeURIComponent(id ?? '');
  });
  const key = `${route.method} ${route.url}`;
  if (key === 'GET /api/shopee/v1/lang_chain_push/loader') url += `?shopId=${real.shopId}`;
  if (key === 'GET /api/shopee/:shopId/gpt/copy') url += `?fromShopId=${real.shopId}`;
  return { key, url, missing };
}

describe('tenant isolation', () => {
  it('answers 404 to another merchant on every route that names something of a merchant', async () => {
    // Deletions last: one that went through would leave nothing for the routes after it to guard.
    const scoped = t.app.apiRoutes
      .filter((r) => !r.public && /:\w+/.test(r.url))
      .sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
    expect(scoped.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of scoped) {
      const { key, url, missing } = requestOf(route);
      if (missing.length > 0) {
        failures.push(`${key}: no real id for :${missing.join(', :')} (add its kind to kindOf and real)`);
        continue;
      }
      const res = await t.app.inject({
        method: route.method as 'GET',
        url,
        headers: intruder,
        ...(bodies[key] !== undefined ? { payload: bodies[key] as object } : {}),
      });
      if (res.statusCode !== 404) failures.push(`${key} -> ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });

  it('finds the same ids for their owner on every GET route (the walk used real ones)', async () => {
    const reads = t.app.apiRoutes.filter((r) => !r.public && r.method === 'GET' && /:\w+/.test(r.url));
    const notFound: string[] = [];
    for (const route of reads) {
      const { key, url } = requestOf(route);
      const res = await t.app.inject({ url, headers: owner });
      if (res.statusCode === 404) notFound.push(`${key} -> ${res.body.slice(0, 120)}`);
    }
    expect(notFound).toEqual([]);
  });

  it('guards the routes that take the shop in the query or body', async () => {
    const list = await t.app.inject({
      url: `/api/shopee/v1/lang_chain_push/loader?shopId=${real.shopId}`,
      headers: intruder,
    });
    expect(list.statusCode).toBe(404);
    const simulate = await t.app.inject({
      method: 'POST',
      url: '/api/shopee/v1/lang_chain_push',
      headers: intruder,
      payload: { question: 'hi', shopId: real.shopId, conversation: '12345678' },
    });
    expect(simulate.statusCode).toBe(404);
    for (const path of [
      '/api/inbox/conversations',
      '/api/knowledge/websites',
      '/api/insights',
      '/api/insights/gaps',
      '/api/approved-answers/usage',
    ]) {
      const res = await t.app.inject({ url: `${path}?shopId=${real.shopId}`, headers: intruder });
      expect(`${path} ${res.statusCode}`).toBe(`${path} 404`);
    }
    for (const path of [
      '/api/insights/gaps/dismiss',
      '/api/insights/gaps/entry',
      '/api/knowledge/websites',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: path,
        headers: intruder,
        payload: {
          shopId: real.shopId,
          questionIds: [1],
          topicId: real.categoryId,
          categorization: 'q',
          knowledge: 'a',
          url: 'https://shop.example.com/faq',
        },
      });
      expect(`${path} ${res.statusCode}`).toBe(`${path} 404`);
    }
  });
});
