import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let headers: Record<string, string>;
let shopId: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
  const item = (externalId: string, name: string) => ({
    externalId,
    name,
    description: `${name} description`,
    price: '29.90',
    currency: 'MYR',
    stock: 5,
    images: [`https://img.example/${externalId}.png`],
  });
  await t.app.services.products.upsertCatalogue(shopId, [
    item('101', 'Cotton Romper'),
    item('102', 'Bamboo Romper 100%'),
    item('103', 'Wooden Busy Board'),
  ]);
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('product search and information', () => {
  it('searches the catalogue by name, case-insensitively, with LIKE characters taken literally', async () => {
    const res = await call('GET', `/api/shopee/v1/${shopId}/search?search=romper&pageSize=100`);
    expect(
      res
        .json()
        .data.map((p: { productId: string }) => p.productId)
        .sort(),
    ).toEqual(['101', '102']);
    const literal = await call('GET', `/api/shopee/v1/${shopId}/search?search=100%25`);
    expect(literal.json().data.map((p: { productId: string }) => p.productId)).toEqual(['102']);
    expect(res.json().data[0].productInfo.image).toMatch(/^https:/);
  });

  it('adds info to products, lists it grouped with the real date, and removes it', async () => {
    const add = await call('POST', `/api/shopee/v1/${shopId}/info`, {
      productId: ['101', '102'],
      additionalInfo: [
        { title: 'Wash temperature?', description: 'Machine wash at 30°C, up to 40°C.' },
        { title: 'Shrinks?', description: 'Less than 3% after the first wash.' },
      ],
    });
    expect(add.statusCode).toBe(200);
    const list = await call('GET', `/api/shopee/v1/${shopId}/products?pageSize=100`);
    const [record] = list.json().data;
    expect(record.id).toEqual(['101', '102']);
    expect(record.info.map((p: { productInfo: { name: string } }) => p.productInfo.name)).toEqual([
      'Cotton Romper',
      'Bamboo Romper 100%',
    ]);
    expect(record.additionalInfo).toHaveLength(2);
    expect(Date.now() - Date.parse(record.updatedAt)).toBeLessThan(60_000);

    const one = await call('POST', `/api/shopee/v1/${shopId}/info/remove-product`, {
      infoIds: record.additionalInfo.map((e: { id: string }) => e.id),
      productId: '102',
    });
    expect(one.statusCode).toBe(200);
    const after = (await call('GET', `/api/shopee/v1/${shopId}/products`)).json().data;
    expect(after[0].id).toEqual(['101']);

    const removed = await call('POST', `/api/shopee/v1/${shopId}/products?_method=DELETE`, {
      productId: ['101'],
    });
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `/api/shopee/v1/${shopId}/products`)).json().data).toEqual([]);
  });

  it('requires both question and answer, and known products', async () => {
    const empty = await call('POST', `/api/shopee/v1/${shopId}/info`, {
      productId: ['101'],
      additionalInfo: [{ title: '', description: 'x' }],
    });
    expect(empty.statusCode).toBe(400);
    const unknown = await call('POST', `/api/shopee/v1/${shopId}/info`, {
      productId: ['999'],
      additionalInfo: [{ title: 'q', description: 'a' }],
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('keeps another merchant out', async () => {
    const other = await signUp(t.app);
    for (const url of [`/api/shopee/v1/${shopId}/search?search=rom`, `/api/shopee/v1/${shopId}/products`]) {
      expect((await t.app.inject({ url, headers: other.headers })).statusCode).toBe(404);
    }
  });
});
