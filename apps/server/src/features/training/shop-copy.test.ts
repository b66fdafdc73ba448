import { randomUUID } from 'node:crypto';
import { glossary, messages, type ShopCopyPreview, type Topic } from '@balas/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeFiles, products } from '../../db/schema.ts';
import { connectShop } from '../../test/marketplace-flow.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../test/test-app.ts';

// Copy from another shop, through HTTP, on PGlite (and on PostgreSQL when DATABASE_URL is set): the
// Shopee and Lazada sandbox shops sell the same baby products under their own ids.
let t: TestApp;
let headers: Record<string, string>;
let shopee: string;
let lazada: string;
let website: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await signUp(t.app));
  shopee = (await connectShop(t.app, headers, 'shopee', '947042923')).id;
  lazada = (await connectShop(t.app, headers, 'lazada', '100094063')).id;
  website = await createWebsiteShop(t.app, headers, 'Kedai Web');
  await t.ctx.queue.idle();
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, as = headers) =>
  t.app.inject({
    method,
    url,
    headers: as,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

function upload(shopId: string, name: string, data: string) {
  const boundary = `----balas${randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="shopId"\r\n\r\n${shopId}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="${name}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.from(data),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/shopee/v1/lang_chain_push/loader',
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

async function addTopic(shopId: string, name: string, questions: string[], answers: string[]) {
  const id = (await call('POST', `/api/shopee/${shopId}/gpt`, { name, shopId })).json().data.id;
  await call('POST', `/api/shopee/${shopId}/gpt/${id}/information`, questions);
  await call('POST', `/api/shopee/${shopId}/gpt/${id}/response`, answers);
}

const catalogue = async (shopId: string) =>
  t.ctx.database.db
    .select({ id: products.externalId, name: products.name })
    .from(products)
    .where(eq(products.shopId, shopId));

const filesOf = async (shopId: string) =>
  (await call('GET', `/api/shopee/v1/lang_chain_push/loader?shopId=${shopId}`)).json().data as {
    id: string;
    fileName: string;
    size: number;
    status: string;
    chunkCount: number;
  }[];

const preview = async (shopId: string, from: string) => {
  const res = await call('GET', `/api/shopee/${shopId}/gpt/copy?fromShopId=${from}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as ShopCopyPreview;
};

const policy = Array.from(
  { length: 60 },
  (_, i) => `Rule ${i + 1}: parcels to Sabah and Sarawak take ${i + 3} working days by Pos Laju.`,
).join('\n\n');

describe('copy from another shop', () => {
  it('lists what it will copy with counts, copies topics, files with their passages and product information, and refuses a second copy', async () => {
    // The source: topics, a ready file, a file that could not be read, product information.
    await addTopic(
      shopee,
      'Shipping',
      ['Delivery to Sabah?', 'How long is shipping?'],
      ['3-5 working days.'],
    );
    await addTopic(shopee, 'Returns', ['Can I return it?'], ['Within 7 days, unused.', 'Refunds in 3 days.']);
    expect((await upload(shopee, 'shipping-policy.txt', policy)).statusCode).toBe(200);
    expect((await upload(shopee, 'broken.json', '{"not json')).statusCode).toBe(200);
    await t.ctx.queue.idle();
    const sourceFiles = await filesOf(shopee);
    const ready = sourceFiles.find((f) => f.fileName === 'shipping-policy.txt')!;
    expect(ready).toMatchObject({ status: 'ready' });
    expect(ready.chunkCount).toBeGreaterThan(3);
    expect(sourceFiles.find((f) => f.fileName === 'broken.json')?.status).toBe('failed');
    const [first, second] = (await catalogue(shopee)).sort((a, b) => a.name.localeCompare(b.name));
    const info = (productId: string[], title: string) =>
      call('POST', `/api/shopee/v1/${shopee}/info`, {
        productId,
        additionalInfo: [{ title, description: `${title}: yes, tested by SIRIM.` }],
      });
    expect((await info([first!.id, second!.id], 'Safe for newborns?')).statusCode).toBe(200);
    expect((await info([first!.id], 'Machine washable?')).statusCode).toBe(200);

    // Before confirming: what comes, counted; the Lazada shop sells both products under other ids.
    const before = await preview(lazada, shopee);
    expect(before).toEqual({
      from: { id: shopee, name: 'My shopee shop' },
      blocked: null,
      topics: { count: 2, questions: 3, answers: 3 },
      files: { count: 1, bytes: ready.size, passages: ready.chunkCount, notReady: 1, alreadyHere: 0 },
      productInfo: { entries: 2, products: 2, unmatched: 0 },
    });
    // A website shop sells none of them: its product information is listed as left out.
    expect((await preview(website, shopee)).productInfo).toEqual({ entries: 0, products: 0, unmatched: 2 });

    // Passages are copied as stored, not read from the file again (a mark in one shows it).
    await t.ctx.database.db
      .update(knowledgeChunks)
      .set({ text: sql`${knowledgeChunks.text} || ' [as stored]'` })
      .where(and(eq(knowledgeChunks.fileId, ready.id), eq(knowledgeChunks.ordinal, 0)));

    const copied = await call('POST', `/api/shopee/${lazada}/gpt/copy`, { fromShopId: shopee });
    expect(copied.statusCode).toBe(200);
    expect(copied.json().data).toEqual({ topics: 2, files: 1, productInfo: 2 });

    // Topics in the source's order with their entries.
    const topics = (await call('GET', `/api/shopee/${lazada}/gpt`)).json().data as Topic[];
    expect(
      topics.map((x) => [x.name, x.GPTInformation.map((e) => e.info), x.GPTResponse.map((e) => e.info)]),
    ).toEqual([
      ['Shipping', ['Delivery to Sabah?', 'How long is shipping?'], ['3-5 working days.']],
      ['Returns', ['Can I return it?'], ['Within 7 days, unused.', 'Refunds in 3 days.']],
    ]);

    // The file: its bytes under the new shop, its passages copied (not read again), ready.
    await t.ctx.queue.idle();
    const [file] = await filesOf(lazada);
    expect(file).toMatchObject({
      fileName: 'shipping-policy.txt',
      size: ready.size,
      status: 'ready',
      chunkCount: ready.chunkCount,
    });
    const text = async (id: string) =>
      (await t.app.services.knowledge.chunksOf(id)).map((c) => `${c.ordinal}:${c.text}`);
    expect(await text(file!.id)).toEqual(await text(ready.id));
    expect((await text(file!.id))[0]).toMatch(/\[as stored\]$/);
    const download = await call('GET', `/api/shopee/v1/lang_chain_push/loader/${file!.id}/download`);
    expect(download.body).toBe(policy);
    const [row] = await t.ctx.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, file!.id));
    expect(row!.storageKey).toContain(lazada);

    // Product information on the Lazada shop's own products of the same names.
    const lazadaIds = new Map((await catalogue(lazada)).map((p) => [p.name, p.id]));
    const records = (await call('GET', `/api/shopee/v1/${lazada}/products`)).json().data as {
      id: string[];
      additionalInfo: { title: string }[];
    }[];
    const byTitle = (title: string) => records.find((r) => r.additionalInfo.some((a) => a.title === title));
    expect(byTitle('Safe for newborns?')?.id).toEqual(
      [lazadaIds.get(first!.name), lazadaIds.get(second!.name)].sort(),
    );
    expect(byTitle('Machine washable?')?.id).toEqual([lazadaIds.get(first!.name)]);
    expect(lazadaIds.get(first!.name)).not.toBe(first!.id);

    // The bot of the Lazada shop answers from the copied passages.
    const asked = await call('POST', '/api/shopee/v1/lang_chain_push', {
      question: 'How many working days to Sarawak by Pos Laju?',
      shopId: lazada,
      conversation: '12345678',
    });
    expect(asked.json().data.sources.some((s: { kind: string }) => s.kind === 'file')).toBe(true);

    // Copied once: the shop has topics now (spec §5).
    expect((await preview(lazada, shopee)).blocked).toBe(messages.topics.copyBlocked);
    const again = await call('POST', `/api/shopee/${lazada}/gpt/copy`, { fromShopId: shopee });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(messages.topics.copyBlocked);
    expect(await filesOf(lazada)).toHaveLength(1);
  });

  it('copies a file once when two copies run at the same time, and not a file the shop already has', async () => {
    const source = await createWebsiteShop(t.app, headers, 'Files only');
    const target = await createWebsiteShop(t.app, headers, 'Target');
    await upload(
      source,
      'care-guide.txt',
      'Wash the bamboo swaddle at 30 degrees and dry it flat in the shade.',
    );
    await upload(source, 'sizes.txt', 'Newborn fits 0-3 months; small fits 3-6 months.');
    await upload(target, 'sizes.txt', 'Newborn fits 0-3 months; small fits 3-6 months.');
    await t.ctx.queue.idle();
    expect((await preview(target, source)).files).toMatchObject({ count: 1, alreadyHere: 1, notReady: 0 });

    const both = await Promise.all([
      call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: source }),
      call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: source }),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json().data.files).sort()).toEqual([0, 1]);
    await t.ctx.queue.idle();
    const names = (await filesOf(target)).map((f) => `${f.fileName}:${f.status}`).sort();
    expect(names).toEqual(['care-guide.txt:ready', 'sizes.txt:ready']);
    // The losing copy's bytes were removed: only the stored files' keys are left under the shop.
    const rows = await t.ctx.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.shopId, target));
    for (const r of rows) expect((await t.ctx.storage.readBuffer(r.storageKey)).length).toBe(r.size);
  });

  it('reads a copied file from its own bytes when the source file is gone before its passages are copied', async () => {
    const source = await createWebsiteShop(t.app, headers, 'Going');
    const target = await createWebsiteShop(t.app, headers, 'Staying');
    await upload(source, 'faq.txt', 'Cash on delivery is available in Peninsular Malaysia only.');
    await t.ctx.queue.idle();
    const [from] = await filesOf(source);
    const [fromRow] = await t.ctx.database.db
      .select()
      .from(knowledgeFiles)
      .where(eq(knowledgeFiles.id, from!.id));
    const copy = await t.app.services.knowledge.copyBytes(fromRow!, target);
    await t.ctx.database.db.insert(knowledgeFiles).values({
      id: copy.id,
      shopId: target,
      fileName: 'faq.txt',
      size: fromRow!.size,
      mime: fromRow!.mime,
      storageKey: copy.storageKey,
      chunkSize: fromRow!.chunkSize,
    });
    expect((await call('DELETE', `/api/shopee/v1/lang_chain_push/loader/${from!.id}`)).statusCode).toBe(200);
    await t.app.services.knowledge.copyChunks(copy.id, from!.id);
    const [file] = await filesOf(target);
    expect(file).toMatchObject({ status: 'ready', chunkCount: 1 });
    expect((await t.app.services.knowledge.chunksOf(copy.id))[0]?.text).toMatch(/Cash on delivery/);
  });

  it('gives every bad request a clear answer', async () => {
    const target = await createWebsiteShop(t.app, headers, 'Empty');
    const self = await call('GET', `/api/shopee/${target}/gpt/copy?fromShopId=${target}`);
    expect(self.statusCode).toBe(422);
    expect(self.json().error.message).toBe(glossary.copy.sameShop);
    expect((await call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: target })).statusCode).toBe(
      422,
    );
    const missing = await call('GET', `/api/shopee/${target}/gpt/copy`);
    expect(missing.statusCode).toBe(400);
    expect((await call('POST', `/api/shopee/${target}/gpt/copy`, {})).json().error.fields.fromShopId).toBe(
      messages.validation.shop,
    );
    expect((await call('GET', `/api/shopee/${target}/gpt/copy?fromShopId=nope`)).statusCode).toBe(404);
    // Another merchant's shop, either way round.
    const other = await signUp(t.app);
    const theirs = await createWebsiteShop(t.app, other.headers, 'Theirs');
    expect((await call('GET', `/api/shopee/${target}/gpt/copy?fromShopId=${theirs}`)).statusCode).toBe(404);
    expect((await call('POST', `/api/shopee/${theirs}/gpt/copy`, { fromShopId: target })).statusCode).toBe(
      404,
    );
    expect(
      (await call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: theirs }, other.headers))
        .statusCode,
    ).toBe(404);
    // An empty source copies nothing, and says so.
    const empty = await createWebsiteShop(t.app, headers, 'Nothing here');
    expect(await preview(target, empty)).toMatchObject({
      topics: { count: 0 },
      files: { count: 0 },
      productInfo: { entries: 0 },
    });
    expect((await call('POST', `/api/shopee/${target}/gpt/copy`, { fromShopId: empty })).json().data).toEqual(
      {
        topics: 0,
        files: 0,
        productInfo: 0,
      },
    );
  });
});
