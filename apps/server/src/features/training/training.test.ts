import { limits, messages, type Topic } from '@balas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { topicEntries } from '../../db/schema.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('topics', () => {
  it('creates, lists, fills and reads a topic', async () => {
    const created = await call('POST', `/api/shopee/${shopId}/gpt`, {
      name: 'Shipping',
      shopId,
      type: 'Shopee',
    });
    expect(created.statusCode).toBe(200);
    const id = created.json().data.id;
    const info = await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, [
      'Delivery questions',
      '  ',
      '',
    ]);
    expect(info.json().data.GPTInformation.map((e: { info: string }) => e.info)).toEqual([
      'Delivery questions',
    ]);
    const knowledge = await call('POST', `/api/shopee/${shopId}/gpt/${id}/response`, {
      texts: ['We ship in 1-3 days', 'Free shipping over RM120'],
    });
    expect(knowledge.json().data.GPTResponse).toHaveLength(2);
    const one = await call('GET', `/api/shopee/${shopId}/gpt/${id}`);
    expect(one.json().data).toMatchObject({
      name: 'Shipping',
      GPTInformation: [{ info: 'Delivery questions' }],
    });
    const list = await call('GET', `/api/shopee/${shopId}/gpt`);
    expect(list.json().data.map((x: { name: string }) => x.name)).toContain('Shipping');
  });

  it('requires a name', async () => {
    const res = await call('POST', `/api/shopee/${shopId}/gpt`, { name: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.name).toBe(messages.validation.topic);
  });

  it('enforces 5 x 200 categorization and 10 x 300 knowledge entries', async () => {
    const id = (await call('POST', `/api/shopee/${shopId}/gpt`, { name: 'Limits' })).json().data.id;
    const six = Array.from({ length: 6 }, (_, i) => `entry ${i}`);
    expect((await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, six)).statusCode).toBe(400);
    const long = ['x'.repeat(limits.categorization.length + 1)];
    expect((await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, long)).statusCode).toBe(400);
    const eleven = Array.from({ length: 11 }, (_, i) => `k ${i}`);
    expect((await call('POST', `/api/shopee/${shopId}/gpt/${id}/response`, eleven)).statusCode).toBe(400);
    const ok = Array.from({ length: 10 }, () => 'y'.repeat(limits.knowledge.length));
    expect((await call('POST', `/api/shopee/${shopId}/gpt/${id}/response`, ok)).statusCode).toBe(200);
  });

  it('replaces entries atomically: a failing save keeps the old ones', async () => {
    const id = (await call('POST', `/api/shopee/${shopId}/gpt`, { name: 'Atomic' })).json().data.id;
    await call('POST', `/api/shopee/${shopId}/gpt/${id}/response`, ['old one', 'old two']);
    // A NUL byte (which the HTTP edge strips, so straight to the service) is refused by PostgreSQL
    // inside the transaction, after the delete ran.
    await expect(
      t.app.services.training.replaceEntries(shopId, id, 'knowledge', ['new', 'bad \u0000 text']),
    ).rejects.toThrow();
    // Through HTTP the same entries are saved, without the NUL.
    const normalized = await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, ['a \u0000b']);
    expect(normalized.json().data.GPTInformation.map((e: { info: string }) => e.info)).toEqual(['a b']);
    const after = await call('GET', `/api/shopee/${shopId}/gpt/${id}`);
    expect(after.json().data.GPTResponse.map((e: { info: string }) => e.info)).toEqual([
      'old one',
      'old two',
    ]);
  });

  it('deletes single entries, and refuses to delete a topic that still has contents', async () => {
    const id = (await call('POST', `/api/shopee/${shopId}/gpt`, { name: 'To delete' })).json().data.id;
    const filled = await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, ['a']);
    const entryId = filled.json().data.GPTInformation[0].id;
    const blocked = await call('DELETE', `/api/shopee/${shopId}/gpt/${id}`);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.message).toBe(messages.topics.deleteBlocked);
    expect((await call('DELETE', `/api/shopee/${shopId}/gpt/${id}/information/${entryId}`)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/shopee/${shopId}/gpt/${id}/information/${entryId}`)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', `/api/shopee/${shopId}/gpt/${id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/shopee/${shopId}/gpt/${id}`)).statusCode).toBe(404);
  });

  it('copies topics from another shop only into an empty shop', async () => {
    const target = await createWebsiteShop(t.app, headers, 'Second shop');
    const copied = await call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: shopId });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data.topics).toBeGreaterThan(0);
    const list = (await call('GET', `/api/shopee/${target}/gpt`)).json().data as Topic[];
    expect(list.map((x) => x.name)).toContain('Shipping');
    expect(list.find((x) => x.name === 'Shipping')?.GPTResponse).toHaveLength(2);
    const again = await call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: shopId });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.topics.copyBlocked);
  });

  it('hides another merchant’s topics and shop', async () => {
    const other = await signUp(t.app);
    const res = await t.app.inject({ url: `/api/shopee/${shopId}/gpt`, headers: other.headers });
    expect(res.statusCode).toBe(404);
    const copy = await t.app.inject({
      method: 'POST',
      url: `/api/shopee/${await createWebsiteShop(t.app, other.headers)}/gpt/copy`,
      headers: other.headers,
      payload: { fromShopId: shopId },
    });
    expect(copy.statusCode).toBe(404);
    expect(await t.ctx.database.db.select().from(topicEntries)).not.toHaveLength(0);
  });
});
