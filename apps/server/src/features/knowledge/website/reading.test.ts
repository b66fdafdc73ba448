import { websiteImportLimits } from '@balas/contracts';
import { describe, expect, it } from 'vitest';
import { shopPage } from '../../../test/local-website.ts';
import { readDocument } from '../extract.ts';
import { htmlToText } from './html-text.ts';
import { createPace } from './pace.ts';
import { createPageReader } from './page-reader.ts';
import { parseRobots } from './robots.ts';
import { looksLikeSitemap, parseSitemap } from './sitemap.ts';
import { diffLines } from './text-diff.ts';

describe('robots.txt', () => {
  const robots = parseRobots(
    [
      '# comments are ignored',
      'User-agent: *',
      'Disallow: /private',
      'Allow: /private/faq',
      'Disallow: /*.pdf$',
      '',
      'User-agent: OtherBot',
      'Disallow: /',
      '',
      'Sitemap: https://shop.example.com/sitemap.xml',
    ].join('\n'),
    'BalasBot',
  );

  it('takes the * group when none names us, longest match winning, Allow on a tie', () => {
    expect(robots.allows('https://shop.example.com/faq')).toBe(true);
    expect(robots.allows('https://shop.example.com/private/notes')).toBe(false);
    expect(robots.allows('https://shop.example.com/private/faq')).toBe(true);
    expect(robots.allows('https://shop.example.com/files/list.pdf')).toBe(false);
    expect(robots.allows('https://shop.example.com/files/list.pdf?x=1')).toBe(true);
    expect(robots.sitemaps).toEqual(['https://shop.example.com/sitemap.xml']);
  });

  it('follows the group naming our product token instead of *', () => {
    const ours = parseRobots(
      'User-agent: *\nDisallow: /\n\nUser-agent: balasbot\nUser-agent: x\nDisallow: /cart\n',
      'BalasBot',
    );
    expect(ours.allows('https://s.example.com/faq')).toBe(true);
    expect(ours.allows('https://s.example.com/cart/1')).toBe(false);
    const none = parseRobots('User-agent: *\nDisallow: /\n', 'BalasBot');
    expect(none.allows('https://s.example.com/faq')).toBe(false);
    expect(none.allows('https://s.example.com/robots.txt')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow:\n', 'BalasBot').allows('https://s.example.com/a')).toBe(
      true,
    );
  });
});

describe('sitemaps', () => {
  it('reads a urlset and a sitemap index, entities decoded, up to a maximum', () => {
    const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://s.example.com/faq</loc></url>
      <url><loc> https://s.example.com/a?x=1&amp;y=2 </loc><lastmod>2026-01-01</lastmod></url>
      <url><loc><![CDATA[https://s.example.com/cdata]]></loc></url>
    </urlset>`;
    expect(looksLikeSitemap(urlset)).toBe(true);
    expect(parseSitemap(urlset, 10)).toEqual({
      kind: 'urlset',
      urls: ['https://s.example.com/faq', 'https://s.example.com/a?x=1&y=2', 'https://s.example.com/cdata'],
    });
    expect(parseSitemap(urlset, 1).urls).toHaveLength(1);
    const index =
      '<sitemapindex><sitemap><loc>https://s.example.com/pages.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(index, 10)).toEqual({ kind: 'index', urls: ['https://s.example.com/pages.xml'] });
    expect(looksLikeSitemap('<!doctype html><html><body>urlset</body></html>')).toBe(false);
  });
});

describe('the text of an HTML page', () => {
  it('keeps the words of <main>, drops scripts, navigation, footers and hidden parts', () => {
    const page = htmlToText(
      `<!doctype html><html><head><title>Shipping &amp; Returns</title><style>p{color:red}</style></head>
      <body><nav><a href="/">Home</a> <a href="/faq">FAQ</a></nav>
      <main><h1>Shipping</h1><p>We ship within <b>2&nbsp;days</b> to all of Malaysia.</p>
      <script>var p = "<p>not text</p>";</script>
      <ul><li>West: RM8</li><li>East: RM15</li></ul>
      <div hidden>secret draft</div><img src="x.png" alt="Courier van">
      <table><tr><th>Zone</th><td>Days</td></tr></table></main>
      <footer>© 2026 Kedai</footer></body></html>`,
      10_000,
    );
    expect(page.title).toBe('Shipping & Returns');
    expect(page.text).toBe(
      'Shipping\nWe ship within 2 days to all of Malaysia.\nWest: RM8\nEast: RM15\nCourier van\nZone Days',
    );
  });

  it('reads the body when there is no <main>, decodes numeric entities, and cuts at the maximum', () => {
    const page = htmlToText('<body><h2>Q&#38;A</h2><p>Tukar saiz &#x2013; boleh</p><p>汉字</p></body>', 1000);
    expect(page.text).toBe('Q&A\nTukar saiz – boleh\n汉字');
    expect(htmlToText(`<p>${'a'.repeat(50)}</p>`, 10).text).toBe('a'.repeat(10));
    expect(htmlToText('<script>only()</script>', 100).text).toBe('');
    // Unclosed tags and comments end the text, they do not throw.
    expect(htmlToText('<p>kept<!-- never closed', 100).text).toBe('kept');
  });
});

describe('line diff', () => {
  it('marks added and removed lines and folds unchanged runs', () => {
    const before = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].join('\n');
    const after = ['a', 'b', 'c', 'd', 'E', 'f', 'g', 'h', 'i'].join('\n');
    const diff = diffLines(before, after);
    expect(diff.added).toBe(2);
    expect(diff.removed).toBe(1);
    expect(diff.lines).toEqual([
      { op: 'skipped', text: '2' },
      { op: 'same', text: 'c' },
      { op: 'same', text: 'd' },
      { op: 'removed', text: 'e' },
      { op: 'added', text: 'E' },
      { op: 'same', text: 'f' },
      { op: 'same', text: 'g' },
      { op: 'same', text: 'h' },
      { op: 'added', text: 'i' },
    ]);
    expect(diffLines('', 'x').lines).toEqual([{ op: 'added', text: 'x' }]);
    expect(diffLines('x', '').lines).toEqual([{ op: 'removed', text: 'x' }]);
  });

  it('stays bounded on two long texts with nothing in common', () => {
    const a = Array.from({ length: 3000 }, (_, i) => `old ${i}`).join('\n');
    const b = Array.from({ length: 3000 }, (_, i) => `new ${i}`).join('\n');
    const started = performance.now();
    const diff = diffLines(a, b);
    expect(diff.added).toBe(3000);
    expect(diff.removed).toBe(3000);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});

describe('pacing requests to a site', () => {
  it('reads Crawl-delay from the group chosen', () => {
    expect(parseRobots('User-agent: *\nCrawl-delay: 2\nDisallow: /x\n', 'BalasBot').crawlDelay).toBe(2);
    expect(parseRobots('User-agent: *\nCrawl-delay: 0.5\n', 'BalasBot').crawlDelay).toBe(0.5);
    expect(
      parseRobots('User-agent: *\nCrawl-delay: 9\n\nUser-agent: BalasBot\nAllow: /\n', 'BalasBot').crawlDelay,
    ).toBeUndefined();
    expect(parseRobots('User-agent: *\nCrawl-delay: soon\n', 'BalasBot').crawlDelay).toBeUndefined();
  });

  it('fetches a few pages at a time, or one at a time with the delay robots.txt asks for', async () => {
    const free = createPace(undefined, new AbortController().signal);
    expect(free.lanes).toBe(websiteImportLimits.concurrency);
    let started = performance.now();
    for (let i = 0; i < 3; i++) await free.turn();
    expect(performance.now() - started).toBeLessThan(100);

    // Timed from before the pace is made: its first wait counts from its making (the sitemap's request).
    started = performance.now();
    const paced = createPace(0.15, new AbortController().signal);
    expect(paced.lanes).toBe(1);
    const at: number[] = [];
    for (let i = 0; i < 3; i++) {
      await paced.turn();
      at.push(performance.now() - started);
    }
    // The first page waits after the sitemap's request, then 150 ms between two starts: the k-th
    // start is at least k x 150 ms after the pace was made, however late a timer fires (2 ms for a
    // timer's rounding).
    expect(at[0]).toBeGreaterThanOrEqual(148);
    expect(at[1]).toBeGreaterThanOrEqual(298);
    expect(at[2]).toBeGreaterThanOrEqual(448);

    // The import's deadline ends the wait.
    const deadline = new AbortController();
    const slow = createPace(60, deadline.signal);
    const waiting = slow.turn();
    deadline.abort();
    await waiting;
  });
});

describe('a page as a knowledge file', () => {
  it('is chunked in the reading thread exactly as ingesting its file would', async () => {
    const html = shopPage(
      'Returns',
      Array.from(
        { length: 40 },
        (_, i) =>
          `<h2>Question ${i}?</h2><p>${'Returns are free within 14 days of delivery. '.repeat(5)}</p>`,
      ).join(''),
    );
    const reader = createPageReader();
    try {
      const url = 'https://shop.example.com/help/returns';
      const page = await reader.readFile({ body: html, html: true, url, maxChars: 200_000, chunkSize: 500 });
      expect(page.title).toBe('Returns');
      expect(page.fileName).toBe('Returns · shop.example.com/help/returns');
      expect(page.content).toMatch(
        /^Returns\n\n[\s\S]*\n\nSource: https:\/\/shop\.example\.com\/help\/returns\n$/,
      );
      expect(page.chunks.length).toBeGreaterThan(5);
      const ingested = await readDocument(Buffer.from(page.content), 'text', {
        fileName: page.fileName,
        size: 500,
      });
      expect(page.chunks).toEqual(ingested.slice(0, ingested.count));

      const plain = await reader.readFile({
        body: 'Line one\r\n\r\nLine two',
        html: false,
        url,
        maxChars: 200_000,
        chunkSize: 500,
      });
      expect(plain).toMatchObject({ title: '', text: 'Line one\n\nLine two' });
      const empty = await reader.readFile({
        body: '<p> </p>',
        html: true,
        url,
        maxChars: 100,
        chunkSize: 500,
      });
      expect(empty).toMatchObject({ text: '', chunks: [] });
    } finally {
      await reader.close();
    }
  }, 30_000);
});
