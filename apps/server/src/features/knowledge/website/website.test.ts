import { setTimeout as sleep } from 'node:timers/promises';
import { type WebsiteSource, websiteImportMessages as words } from '@balas/contracts';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeFiles } from '../../../db/schema.ts';
import { type LocalWebsite, shopPage, startLocalWebsite } from '../../../test/local-website.ts';
import { createTestApp, createWebsiteShop, signUp, type TestApp } from '../../../test/test-app.ts';

let site: LocalWebsite;
let t: TestApp;
let headers: Record<string, string>;
let shopId: string;

beforeAll(async () => {
  site = await startLocalWebsite({
    '/faq': shopPage(
      'FAQ',
      '<h2>Can I change the size?</h2><p>Yes, sizes can be exchanged within 7 days.</p>',
    ),
    '/shipping': shopPage('Shipping', '<p>Orders ship within 2 working days.</p><p>West Malaysia RM8.</p>'),
    '/about': shopPage('About us', '<p>Kedai Example sells bamboo baby clothes from Penang.</p>'),
  });
  // Only this site's loopback address and port are let through, as a test-only exception.
  t = await createTestApp({ TEST_WEBSITE_PRIVATE_ALLOW: site.allow });
  ({ headers } = await signUp(t.app));
  shopId = await createWebsiteShop(t.app, headers);
});
afterAll(async () => {
  await t.close();
  await site.close();
});

const base = '/api/knowledge/websites';

async function sources(app = t, auth = headers, shop = shopId): Promise<WebsiteSource[]> {
  const res = await app.app.inject({ method: 'GET', url: `${base}?shopId=${shop}`, headers: auth });
  expect(res.statusCode).toBe(200);
  return res.json().data as WebsiteSource[];
}

async function importUrl(url: string, app = t, auth = headers, shop = shopId) {
  return app.app.inject({ method: 'POST', url: base, headers: auth, payload: { shopId: shop, url } });
}

async function fileTexts() {
  const files = await t.ctx.database.db
    .select()
    .from(knowledgeFiles)
    .where(eq(knowledgeFiles.shopId, shopId));
  const texts = new Map<string, string>();
  for (const file of files) {
    const chunks = await t.ctx.database.db
      .select({ text: knowledgeChunks.text })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.fileId, file.id));
    texts.set(file.fileName, chunks.map((c) => c.text).join(' '));
    expect(file.status).toBe('ready');
  }
  return texts;
}

describe('knowledge from the merchant website', () => {
  let sitemap: WebsiteSource;

  it('imports every page of a sitemap as ready knowledge files, asking robots.txt first', async () => {
    const res = await importUrl(`${site.origin}/sitemap.xml`);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as WebsiteSource).status).toBe('queued');
    await t.ctx.queue.idle(90_000);
    [sitemap] = (await sources()) as [WebsiteSource];
    expect(sitemap).toMatchObject({ kind: 'sitemap', status: 'done', error: null });
    expect(sitemap.summary).toEqual({
      added: 3,
      changed: 0,
      removed: 0,
      unchanged: 0,
      failed: 0,
      disallowed: 0,
    });
    expect(sitemap.pages.map((p) => [p.url.replace(site.origin, ''), p.status, p.change, p.title])).toEqual([
      ['/about', 'ok', 'added', 'About us'],
      ['/faq', 'ok', 'added', 'FAQ'],
      ['/shipping', 'ok', 'added', 'Shipping'],
    ]);
    expect(site.hits[0]).toBe('/robots.txt');
    expect([...site.agents].every((a) => a.startsWith('BalasBot/1.0'))).toBe(true);
    const texts = await fileTexts();
    const faq = [...texts.entries()].find(([name]) => name.startsWith('FAQ'));
    expect(faq?.[0]).toBe(`FAQ · 127.0.0.1:${site.port}/faq`);
    expect(faq?.[1]).toContain('Yes, sizes can be exchanged within 7 days.');
    // Navigation and footer are not knowledge.
    expect(faq?.[1]).not.toContain('Home');
    expect(faq?.[1]).not.toContain('Kedai Example');
    // The first import starts the ingestion and page-reading threads: slow on a loaded machine.
  }, 90_000);

  it('re-imports on demand and shows what changed: added, changed (with a diff), removed, disallowed', async () => {
    site.pages.set(
      '/shipping',
      shopPage('Shipping', '<p>Orders ship within 1 working day.</p><p>West Malaysia RM8.</p>'),
    );
    site.pages.delete('/about');
    site.pages.set('/returns', shopPage('Returns', '<p>Returns are free within 14 days.</p>'));
    site.pages.set('/private', shopPage('Staff', '<p>Internal notes</p>'));
    site.robots = 'User-agent: *\nDisallow: /private\n';
    const res = await t.app.inject({ method: 'POST', url: `${base}/${sitemap.id}/reimport`, headers });
    expect(res.statusCode).toBe(200);
    await t.ctx.queue.idle(90_000);
    [sitemap] = (await sources()) as [WebsiteSource];
    expect(sitemap.summary).toEqual({
      added: 1,
      changed: 1,
      removed: 1,
      unchanged: 1,
      failed: 0,
      disallowed: 1,
    });
    const byPath = Object.fromEntries(sitemap.pages.map((p) => [p.url.replace(site.origin, ''), p]));
    expect(byPath['/about']).toMatchObject({ status: 'removed', change: 'removed', fileId: null });
    expect(byPath['/private']).toMatchObject({
      status: 'disallowed',
      error: words.refused.robots,
      fileId: null,
    });
    expect(byPath['/returns']).toMatchObject({ status: 'ok', change: 'added' });
    expect(byPath['/faq']).toMatchObject({ status: 'ok', change: 'unchanged', hasDiff: false });
    expect(byPath['/shipping']).toMatchObject({ status: 'ok', change: 'changed', hasDiff: true });
    // robots.txt forbade /private: it was never requested.
    expect(site.hits).not.toContain('/private');

    const diff = await t.app.inject({
      method: 'GET',
      url: `${base}/pages/${byPath['/shipping']!.id}/diff`,
      headers,
    });
    expect(diff.statusCode).toBe(200);
    expect(diff.json().data).toMatchObject({
      added: 1,
      removed: 1,
      lines: expect.arrayContaining([
        { op: 'removed', text: 'Orders ship within 2 working days.' },
        { op: 'added', text: 'Orders ship within 1 working day.' },
      ]),
    });
    const texts = await fileTexts();
    expect([...texts.keys()].sort()).toEqual(
      ['FAQ', 'Returns', 'Shipping']
        .map((title) => `${title} · 127.0.0.1:${site.port}/${title.toLowerCase()}`)
        .sort(),
    );
    expect([...texts.values()].join(' ')).toContain('Orders ship within 1 working day.');
    expect([...texts.values()].join(' ')).not.toContain('2 working days');
  });

  it('serves the old text of a changed page until its new text is stored, in one transaction', async () => {
    const shipping = async () => {
      const rows = await t.ctx.database.db
        .select({ text: knowledgeChunks.text })
        .from(knowledgeChunks)
        .innerJoin(knowledgeFiles, eq(knowledgeFiles.id, knowledgeChunks.fileId))
        .where(and(eq(knowledgeChunks.shopId, shopId), eq(knowledgeFiles.status, 'ready')));
      return rows.filter((r) => r.text.includes('Orders ship within')).length;
    };
    site.pages.set(
      '/shipping',
      shopPage('Shipping', '<p>Orders ship within 3 working days.</p><p>West Malaysia RM8.</p>'),
    );
    // What the bot can read, looked at again and again while the page is re-imported.
    const seen: number[] = [];
    let watching = true;
    const watch = (async () => {
      while (watching) {
        seen.push(await shipping());
        await sleep(1);
      }
    })();
    await t.app.inject({ method: 'POST', url: `${base}/${sitemap.id}/reimport`, headers });
    await t.ctx.queue.idle(90_000);
    watching = false;
    await watch;
    expect(seen.length).toBeGreaterThan(3);
    expect(Math.min(...seen)).toBe(1);
    expect([...(await fileTexts()).values()].join(' ')).toContain('Orders ship within 3 working days.');

    // A swap that fails part-way leaves the old file whole: no new file, the old one's chunks.
    const [old] = await t.ctx.database.db
      .select()
      .from(knowledgeFiles)
      .where(and(eq(knowledgeFiles.shopId, shopId), like(knowledgeFiles.fileName, 'Shipping%')));
    const files = (await fileTexts()).size;
    await expect(
      t.app.services.knowledge.addRead(
        shopId,
        { fileName: 'Half', data: Buffer.from('half'), mime: 'text/plain', chunkSize: 500, chunks: ['half'] },
        {
          replaces: old!.id,
          within: async () => {
            throw new Error('interrupted');
          },
        },
      ),
    ).rejects.toThrow('interrupted');
    const after = await fileTexts();
    expect(after.size).toBe(files);
    expect(after.get(old!.fileName)).toContain('Orders ship within 3 working days.');
    expect(await shipping()).toBe(1);
  });

  it('imports a single page, keeps a page that fails to load, and refuses the same address twice', async () => {
    const res = await importUrl(`${site.origin}/faq`);
    expect(res.statusCode).toBe(200);
    await t.ctx.queue.idle(90_000);
    let page = (await sources()).find((s) => s.id === res.json().data.id)!;
    expect(page).toMatchObject({ kind: 'page', status: 'done', summary: { added: 1 } });
    // The page is gone for a moment (a 404): the knowledge stays, the page says why.
    const kept = site.pages.get('/faq')!;
    site.pages.delete('/faq');
    await t.app.inject({ method: 'POST', url: `${base}/${page.id}/reimport`, headers });
    await t.ctx.queue.idle(90_000);
    page = (await sources()).find((s) => s.id === page.id)!;
    expect(page.status).toBe('failed');
    expect(page.error).toBe(words.refused.httpStatus(404));
    site.pages.set('/faq', kept);
    expect((await importUrl(`${site.origin}/faq`)).statusCode).toBe(409);
  });

  it('follows the schedule: a daily source is imported again once due', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${sitemap.id}`,
      headers,
      payload: { schedule: 'daily' },
    });
    expect(res.statusCode).toBe(200);
    const next = new Date(res.json().data.nextImport as string).getTime();
    expect(next - Date.now()).toBeGreaterThan(23 * 3600_000);
    const hitsBefore = site.hits.length;
    expect(await t.app.services.website.queueDue(new Date(next - 1000))).toBe(0);
    expect(await t.app.services.website.queueDue(new Date(next + 1000))).toBe(1);
    await t.ctx.queue.idle(90_000);
    expect(site.hits.length).toBeGreaterThan(hitsBefore);
    const again = (await sources()).find((s) => s.id === sitemap.id);
    expect(again?.summary).toEqual({
      added: 0,
      changed: 0,
      removed: 0,
      unchanged: 3,
      failed: 0,
      disallowed: 1,
    });
  });

  it('refuses bad addresses with a clear error, and nobody else reaches the sources', async () => {
    for (const [url, message] of [
      ['ftp://shop.example.com/faq', words.refused.scheme],
      ['https://user:secret@shop.example.com/', words.refused.credentials],
      ['http://', words.refused.invalidUrl],
      ['localhost', words.refused.invalidUrl],
    ] as const) {
      const res = await importUrl(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.url).toBe(message);
    }
    const other = await signUp(t.app);
    const otherShop = await createWebsiteShop(t.app, other.headers, 'Other');
    expect((await importUrl(`${site.origin}/faq`, t, other.headers, shopId)).statusCode).toBe(404);
    for (const [method, url] of [
      ['POST', `${base}/${sitemap.id}/reimport`],
      ['PATCH', `${base}/${sitemap.id}`],
      ['DELETE', `${base}/${sitemap.id}`],
      ['GET', `${base}/pages/${sitemap.pages[0]!.id}/diff`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: other.headers,
        payload: { schedule: 'manual' },
      });
      expect(res.statusCode, url).toBe(404);
    }
    expect(await sources(t, other.headers, otherShop)).toEqual([]);
  });

  it('removes a source with its pages and knowledge files', async () => {
    const fileCount = async () =>
      (await t.ctx.database.db.select().from(knowledgeFiles).where(eq(knowledgeFiles.shopId, shopId))).length;
    const before = await fileCount();
    const res = await t.app.inject({ method: 'DELETE', url: `${base}/${sitemap.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(before - (await fileCount())).toBe(3);
    expect((await sources()).some((s) => s.id === sitemap.id)).toBe(false);
  });
});

describe('the fetch guard in a real import', () => {
  let strict: TestApp;
  let strictHeaders: Record<string, string>;
  let strictShop: string;
  beforeAll(async () => {
    // Built as production is: no exception for loopback.
    strict = await createTestApp();
    ({ headers: strictHeaders } = await signUp(strict.app));
    strictShop = await createWebsiteShop(strict.app, strictHeaders);
  });
  afterAll(async () => {
    await strict.close();
  });

  it('refuses loopback, 10/8 and the metadata address: the import fails and nothing is fetched', async () => {
    const hits = site.hits.length;
    for (const url of [
      `${site.origin}/sitemap.xml`,
      'http://10.0.0.7/faq',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect((await importUrl(url, strict, strictHeaders, strictShop)).statusCode).toBe(200);
    }
    await strict.ctx.queue.idle(90_000);
    const all = await sources(strict, strictHeaders, strictShop);
    expect(all).toHaveLength(3);
    for (const source of all) {
      expect(source.status).toBe('failed');
      expect(source.error).toBe(words.refused.privateAddress);
      expect(source.pages).toEqual([]);
    }
    expect(site.hits.length).toBe(hits);
  });

  it('refuses the test-only exception outside tests', async () => {
    const { loadConfig } = await import('../../../config.ts');
    expect(() => loadConfig({ NODE_ENV: 'production', TEST_WEBSITE_PRIVATE_ALLOW: '127.0.0.1:80' })).toThrow(
      /TEST_WEBSITE_PRIVATE_ALLOW is for tests only/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).websitePrivateAllowForTests).toEqual([]);
  });
});
