import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { WebsiteSource } from '@balas/contracts';
import { createPageReader } from '../apps/server/src/features/knowledge/website/page-reader.ts';
import { shopPage, startLocalWebsite } from '../apps/server/src/test/local-website.ts';
import { benchOnPostgres, type Figure, signUpBench, startBenchApp } from './support.ts';

const PAGES = 50;
const topics =
  'delivery refund exchange size warranty courier voucher bamboo swaddle romper cotton parcel'.split(' ');

/** A page of a shop's help site: about 30 KB of HTML, a dozen questions with answers. */
function helpPage(n: number, version = 1) {
  const faq = Array.from({ length: 12 }, (_, q) => {
    const topic = topics[(n + q) % topics.length];
    return `<h2>Question ${q + 1} about ${topic}?</h2><p>${`Our ${topic} policy number ${n}.${q} (version ${version}) applies to every order placed on this website. `.repeat(12)}</p>`;
  }).join('');
  return shopPage(`Help page ${n}`, `<div class="faq">${faq}</div>`);
}

/**
 * A website import of 50 pages from a local site (issue 28.4, budget 30 s) to every page Ready as a
 * knowledge file; a re-import with nothing changed and with 10 pages changed; the same 50 pages
 * fetched plainly in the same run as the baseline; the event loop's worst delay meanwhile.
 */
export async function benchWebsiteImport(): Promise<Figure[]> {
  const postgres = benchOnPostgres();
  console.log(`  on ${postgres ? 'PostgreSQL' : 'PGlite'}`);
  const site = await startLocalWebsite(
    Object.fromEntries(Array.from({ length: PAGES }, (_, n) => [`/help/${n}`, helpPage(n)])),
  );
  const bench = await startBenchApp({ postgres, env: { TEST_WEBSITE_PRIVATE_ALLOW: site.allow } });
  try {
    // Baseline: the 50 pages fetched with plain fetch, four at a time as the import does.
    const paths = [...site.pages.keys()];
    const plainStarted = performance.now();
    for (let i = 0; i < paths.length; i += 4) {
      await Promise.all(paths.slice(i, i + 4).map((p) => fetch(`${site.origin}${p}`).then((r) => r.text())));
    }
    const plainMs = performance.now() - plainStarted;

    const headers = await signUpBench(bench.app);
    const shop = await bench.app.inject({
      method: 'POST',
      url: '/api/website',
      headers,
      payload: {
        name: 'Bench',
        person_name: 'B',
        person_email: 'b@example.com',
        person_phone: '012-345 6789',
      },
    });
    const shopId = shop.json().data.id as string;
    const list = async () =>
      (await bench.app.inject({ url: `/api/knowledge/websites?shopId=${shopId}`, headers })).json()
        .data as WebsiteSource[];

    // Baseline of the event loop's worst delay: the app idle for 3 s, in the same run.
    const idle = monitorEventLoopDelay({ resolution: 5 });
    idle.enable();
    await new Promise((r) => setTimeout(r, 3000));
    idle.disable();
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    const started = performance.now();
    const created = await bench.app.inject({
      method: 'POST',
      url: '/api/knowledge/websites',
      headers,
      payload: { shopId, url: `${site.origin}/sitemap.xml` },
    });
    const sourceId = created.json().data.id as string;
    await bench.ctx.queue.idle(300_000);
    const importMs = performance.now() - started;
    loop.disable();
    const [first] = await list();
    if (first?.summary?.added !== PAGES) throw new Error(`imported ${JSON.stringify(first?.summary)}`);
    const files = (
      await bench.app.inject({ url: `/api/shopee/v1/lang_chain_push/loader?shopId=${shopId}`, headers })
    ).json().data as { status: string }[];
    if (files.length !== PAGES || files.some((f) => f.status !== 'ready')) throw new Error('files not ready');

    const reimport = async () => {
      const at = performance.now();
      await bench.app.inject({
        method: 'POST',
        url: `/api/knowledge/websites/${sourceId}/reimport`,
        headers,
      });
      await bench.ctx.queue.idle(300_000);
      return performance.now() - at;
    };
    const unchangedMs = await reimport();
    for (let n = 0; n < 10; n++) site.pages.set(`/help/${n}`, helpPage(n, 2));
    const changedMs = await reimport();
    const [last] = await list();
    if (last?.summary?.changed !== 10) throw new Error(`re-imported ${JSON.stringify(last?.summary)}`);

    // Reading the largest page accepted (2 MB of HTML), in the import's reading thread.
    const big = helpPage(0).repeat(Math.floor((2 * 1024 * 1024) / helpPage(0).length));
    const reader = createPageReader();
    await reader.read('<p>warm</p>', 100);
    const readStarted = performance.now();
    await reader.read(big, 200_000);
    const readMs = performance.now() - readStarted;
    await reader.close();

    return [
      { name: 'import 50 pages to Ready', value: importMs / 1000, unit: 's', budget: 30 },
      { name: 'plain fetch of the same 50 pages (baseline)', value: plainMs / 1000, unit: 's' },
      { name: 'import / plain fetch', value: importMs / plainMs, unit: 'x' },
      { name: 're-import, nothing changed', value: unchangedMs / 1000, unit: 's' },
      { name: 're-import, 10 of 50 changed', value: changedMs / 1000, unit: 's' },
      { name: 'event loop worst delay, idle 3 s (baseline)', value: idle.max / 1e6, unit: 'ms' },
      { name: 'event loop worst delay during import', value: loop.max / 1e6, unit: 'ms' },
      { name: 'during import / idle', value: loop.max / idle.max, unit: 'x' },
      { name: 'text of a 2 MB page (reading thread)', value: readMs, unit: 'ms' },
    ];
  } finally {
    await bench.close();
    await site.close();
  }
}
