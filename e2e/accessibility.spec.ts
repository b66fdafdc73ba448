import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();

const sitePages = [
  '/',
  '/login',
  '/signup',
  '/terms',
  '/privacy',
  '/reset-password/abc123?email=aisyah%40example.com',
  '/connected?shopId=x',
  '/connected?error=refused',
  '/no-such-page',
];

describe('accessibility (axe-core, WCAG 2.2 A and AA): no serious or critical violation', () => {
  for (const width of [1280, 390]) {
    it(`on every page of the public site at ${width} px, each with its own title`, async () => {
      const { page, context } = await newPage(running.browser, running.server.url, { width, height: 800 });
      const titles = new Set<string>();
      for (const path of sitePages) {
        await page.goto(path);
        await page.locator('h1').first().waitFor();
        await expectAccessible(page, `${path} at ${width} px`);
        expect(await page.locator('h1').count(), path).toBe(1);
        expect(await page.locator('main').count(), path).toBe(1);
        titles.add(await page.title());
      }
      // The two /connected pages share theirs.
      expect(titles.size).toBe(sitePages.length - 1);
      await context.close();
    });
  }

  it('on every page of the dashboard, each with one h1, a main landmark and its own title', async () => {
    const { page, context } = await newPage(running.browser, running.server.url);
    const { token } = await signedIn(page, running.server.url);
    const url = running.server.url;
    const shopee = await connectShopee(url, token);
    await apiCall(url, token, 'PUT', `/shopee/v1/${shopee}`, { vouchersEnabled: true });
    const website = (
      await apiCall<{ id: string }>(url, token, 'POST', '/website', {
        name: 'Kedai Web',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    const topic = (
      await apiCall<{ id: string }>(url, token, 'POST', `/shopee/${website}/gpt`, { name: 'Delivery' })
    ).id;
    const conversation = await (async () => {
      for (let i = 0; i < 50; i++) {
        const list = await apiCall<{
          conversations: { conversation_id: string; to_name: string; to_id: string }[];
        }>(url, token, 'GET', `/shopee/v1/${shopee}?page_size=1`);
        if (list.conversations[0]) return list.conversations[0];
        await new Promise((r) => setTimeout(r, 200));
      }
      throw new Error('the first sync brought no conversation');
    })();
    const pages = [
      '/inbox?view=all',
      '/dashboard/shops',
      '/dashboard/addshop',
      '/dashboard/addshop/shopee',
      `/dashboard/addshop/pending?provider=shopee&shopId=${shopee}`,
      `/dashboard/addshop/pending?provider=website&shopId=${website}`,
      `/dashboard/shops/shopee/${shopee}`,
      `/dashboard/shops/website/${website}`,
      `/dashboard/shops/knowledge?shopId=${website}`,
      `/dashboard/topic/${topic}?shopId=${website}`,
      `/dashboard/knowledge?shopId=${website}`,
      `/dashboard/train?shopId=${website}`,
      '/dashboard/skip',
      `/dashboard/test/website?shopId=${website}`,
      `/dashboard/test/shopee?shopId=${shopee}`,
      `/dashboard/vouchers/${shopee}`,
      `/chat/shopee/${shopee}/${conversation.conversation_id}?name=${encodeURIComponent(conversation.to_name)}&id=${conversation.to_id}`,
      '/test',
      '/dashboard/account',
      '/dashboard/no-such-page',
    ];
    const titles = new Map<string, string>();
    for (const path of pages) {
      await page.goto(path);
      await page
        .locator('main h1')
        .first()
        .waitFor()
        .catch((e: Error) => {
          throw new Error(`${path}: no h1 in main (${e.message.split('\n')[0]})`);
        });
      // Lazy content (lists, the widget preview) settles before the check.
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, path);
      expect(await page.locator('h1').count(), path).toBe(1);
      expect(await page.locator('main').count(), path).toBe(1);
      // Every page's title starts with the count of conversations needing the merchant, when any do.
      titles.set(path, (await page.title()).replace(/^\(\d+\+?\) /, ''));
    }
    expect(titles.get('/dashboard/shops')).toBe('Shops · Balas');
    expect(titles.get('/inbox?view=all')).toBe('Inbox · Balas');
    expect(titles.get(`/dashboard/shops/website/${website}`)).toBe('Kedai Web · Balas');
    expect(titles.get(`/dashboard/knowledge?shopId=${website}`)).toBe('Manage Knowledge · Balas');
    expect(new Set(titles.values()).size).toBeGreaterThanOrEqual(12);

    // The website widget's panel, as visitors see it.
    await page.goto(`/widget/index.html?shop=${website}`);
    await page.getByLabel('Your message').waitFor();
    await expectAccessible(page, 'the website widget');
    await context.close();
  });

  for (const width of [1280, 390]) {
    it(`on the sandbox's pages at ${width} px: each platform's authorization page and the shopper's chat`, async () => {
      const url = running.server.url;
      const { page, context } = await newPage(running.browser, url, { width, height: 800 });
      const { token } = await signedIn(page, url);
      for (const platform of ['shopee', 'lazada'] as const) {
        const { authUrl } = await apiCall<{ authUrl: string }>(url, token, 'POST', `/${platform}`, {
          name: `Kedai ${platform}`,
          person_name: 'Aisyah',
          person_email: 'aisyah@example.com',
          person_phone: '012-345 6789',
          ...(platform === 'shopee' ? { redirect: `${url}/dashboard/addshop/complete` } : {}),
        });
        await page.goto(authUrl);
        await page.locator('form').first().waitFor();
        await expectAccessible(page, `the ${platform} authorization page at ${width} px`);
      }
      await page.goto('/sandbox/shopper');
      await page.locator('#shop').selectOption('947042923');
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `the sandbox shopper page at ${width} px`);
      await context.close();
    });
  }
});
