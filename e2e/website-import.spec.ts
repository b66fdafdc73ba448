import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { websiteImportMessages } from '@balas/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';

/** The merchant's own website, on loopback: the product is started with a test-only exception for it. */
const pages = new Map<string, string>();
const page = (title: string, body: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><h1>${title}</h1>${body}</main><footer>Kedai Comel</footer></body></html>`;
pages.set(
  '/faq',
  page('FAQ', '<h2>Can I exchange the size?</h2><p>Yes, sizes can be exchanged within 7 days.</p>'),
);
pages.set(
  '/shipping',
  page(
    'Shipping',
    '<p>Orders ship within 2 working days from Penang.</p><p>West Malaysia delivery is RM8.</p>',
  ),
);
pages.set('/about', page('About us', '<p>Kedai Comel sells bamboo baby clothes.</p>'));

let site: Server;
let origin: string;
let server: RunningServer;
let browser: Browser;
beforeAll(async () => {
  site = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/robots.txt') return res.end('User-agent: *\nAllow: /\n');
    if (path === '/sitemap.xml') {
      res.setHeader('content-type', 'application/xml');
      return res.end(
        `<?xml version="1.0"?><urlset>${[...pages.keys()].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('')}</urlset>`,
      );
    }
    const html = pages.get(path);
    res.statusCode = html ? 200 : 404;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(html ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const port = (site.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  server = await startServer({ TEST_WEBSITE_PRIVATE_ALLOW: `127.0.0.1:${port}` });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  site?.closeAllConnections();
  site?.close();
});

describe('knowledge from the merchant website, in the browser', () => {
  it('imports a sitemap, re-imports it, shows what changed, and the simulator answers from a page', async () => {
    const { page: tab, context } = await newPage(browser, server.url);
    const { token } = await signedIn(tab, server.url);
    const shopId = (
      await apiCall<{ id: string }>(server.url, token, 'POST', '/website', {
        name: 'Kedai Comel',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      })
    ).id;

    await tab.goto(`/dashboard/knowledge?shopId=${shopId}`);
    await tab.getByRole('tab', { name: 'Website' }).click();
    await tab.getByText('No website pages yet').waitFor();
    await expectAccessible(tab, 'the empty Website tab');

    await tab.getByRole('button', { name: 'Import from website' }).click();
    const dialog = tab.getByRole('dialog');
    await dialog.getByLabel('Page or sitemap address').fill(`${origin}/sitemap.xml`);
    await expectAccessible(tab, 'the import dialog');
    await tab.screenshot({ path: 'test-results/website-import-dialog.png' });
    await dialog.getByRole('button', { name: 'Import' }).click();
    await tab.getByText(websiteImportMessages.queued).waitFor();
    const card = tab.locator(`[data-website="${origin}/sitemap.xml"]`);
    await card.getByText('Imported').waitFor({ timeout: 30_000 });
    expect(await card.getByTestId('website-summary').textContent()).toBe(
      'Changes: 3 added · 0 changed · 0 removed · 0 unchanged',
    );
    await card.getByText('3 pages in knowledge').waitFor();

    // The site changes: a page is edited, one is gone.
    pages.set(
      '/shipping',
      page(
        'Shipping',
        '<p>Orders ship within 1 working day from Penang.</p><p>West Malaysia delivery is RM8.</p>',
      ),
    );
    pages.delete('/about');
    await card.getByRole('button', { name: 'Re-import' }).click();
    await card
      .getByText('Changes: 0 added · 1 changed · 1 removed · 1 unchanged')
      .waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: 'Show pages (3)' }).click();
    await card.locator(`[data-page="${origin}/about"]`).getByText('Removed').waitFor();
    const shipping = card.locator(`[data-page="${origin}/shipping"]`);
    await shipping.getByText('Changed').waitFor();
    await expectAccessible(tab, 'the Website tab with its pages');
    await tab.screenshot({ path: 'test-results/website-import-1280.png', fullPage: true });
    await shipping.getByRole('button', { name: 'Show changes' }).click();
    const changes = tab.getByRole('dialog');
    await changes.getByText('Orders ship within 1 working day from Penang.').waitFor();
    await changes.getByText('Orders ship within 2 working days from Penang.').waitFor();
    await expectAccessible(tab, 'the changes dialog');
    await tab.screenshot({ path: 'test-results/website-import-diff.png' });
    await changes.getByRole('button', { name: 'Close' }).click();

    // The schedule is changed in place.
    await card.getByLabel('Re-import automatically').click();
    await tab.getByRole('option', { name: 'Every day' }).click();
    await card.getByText(/Next: /).waitFor();

    // A private address is refused with the reason.
    await tab.getByRole('button', { name: 'Import from website' }).click();
    await tab.getByRole('dialog').getByLabel('Page or sitemap address').fill('http://10.0.0.1/faq');
    await tab.getByRole('dialog').getByRole('button', { name: 'Import' }).click();
    const refused = tab.locator('[data-website="http://10.0.0.1/faq"]');
    await refused.getByText(websiteImportMessages.refused.privateAddress).waitFor({ timeout: 30_000 });

    // The pages are knowledge files of the shop, ready.
    await tab.getByRole('tab', { name: 'General' }).click();
    await tab.getByText(`Shipping · 127.0.0.1:${new URL(origin).port}/shipping`).waitFor();
    await tab
      .getByText(/Ready · \d+ passages?/)
      .first()
      .waitFor({ timeout: 15_000 });

    // The simulator answers from the imported page.
    await tab.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await tab.getByLabel('Question').fill('how many days to ship my order?');
    await tab.getByRole('button', { name: 'Ask' }).click();
    const answer = tab.getByTestId('simulator-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/1 working day/);
    await context.close();
  });

  it('lays the Website tab out on a phone (390 px), accessibly', async () => {
    const { page: tab, context } = await newPage(browser, server.url, { width: 390, height: 844 });
    const { token } = await signedIn(tab, server.url);
    const shopId = (
      await apiCall<{ id: string }>(server.url, token, 'POST', '/website', {
        name: 'Kedai Comel',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    await apiCall(server.url, token, 'POST', '/knowledge/websites', {
      shopId,
      url: `${origin}/sitemap.xml`,
      schedule: 'weekly',
    });
    await tab.goto(`/dashboard/knowledge?shopId=${shopId}`);
    await tab.getByRole('tab', { name: 'Website' }).click();
    const card = tab.locator(`[data-website="${origin}/sitemap.xml"]`);
    await card.getByText('Imported').waitFor({ timeout: 30_000 });
    await card.getByRole('button', { name: /Show pages/ }).click();
    await expectAccessible(tab, 'the Website tab at 390 px');
    // Nothing is wider than the phone.
    const overflow = await tab.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await tab.screenshot({ path: 'test-results/website-import-390.png', fullPage: true });
    await context.close();
  });
});
