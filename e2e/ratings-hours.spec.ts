import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { until } from './support/until.ts';

// Issue 28.6 and 28.7: a visitor rates a resolved website chat in the widget and the merchant sees the
// rating in the chat and in Insights; the shop's business hours are set on its page.
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('shoppers rate the help', () => {
  it('rates a resolved chat with stars and a comment in the widget, seen in the inbox and Insights', async () => {
    const merchant = await newPage(browser, server.url);
    const { token } = await signedIn(merchant.page, server.url);
    const shop = await apiCall<{ id: string }>(server.url, token, 'POST', '/website', {
      name: 'Kedai Bunga',
      person_name: 'Mei',
      person_email: 'mei@example.com',
      person_phone: '012-345 6789',
    });
    await apiCall(server.url, token, 'PUT', `/shopee/v1/${shop.id}`, { defaultBotStatus: true });

    // The visitor's chat (the panel as the widget's iframe shows it, at a phone's width).
    const visitor = await newPage(browser, server.url, { width: 390, height: 720 });
    await visitor.page.goto(`/widget/index.html?shop=${shop.id}`);
    await visitor.page.getByLabel('Your message').fill('Hello!');
    await visitor.page.getByRole('button', { name: 'Send' }).click();
    await visitor.page.locator('.bubble.bot').first().waitFor({ timeout: 15_000 });
    expect(await visitor.page.getByText('How did we do?').count()).toBe(0);

    // The merchant resolves it.
    const rows = await apiCall<{ id: string; externalId: string }[]>(
      server.url,
      token,
      'GET',
      `/inbox/conversations?shopId=${shop.id}&view=all`,
    );
    const conversation = rows[0]!;
    await apiCall(server.url, token, 'POST', `/inbox/conversations/${conversation.id}/resolve`);

    // The widget asks (its next poll), as an accessible radio group.
    await visitor.page.getByText('How did we do?').waitFor({ timeout: 15_000 });
    await expectAccessible(visitor.page, 'the widget asking for a rating');
    await visitor.page.getByRole('button', { name: 'Send rating' }).click();
    await visitor.page.getByRole('alert').getByText('Choose from 1 to 5 stars').waitFor();
    await visitor.page.getByRole('radio', { name: '4 stars' }).check();
    await visitor.page.getByLabel('Anything to add? (optional)').fill('Fast and friendly');
    await visitor.page.screenshot({ path: 'test-results/rating-widget-390.png' });
    await visitor.page.getByRole('button', { name: 'Send rating' }).click();
    await visitor.page.getByText('Thank you for your rating!').waitFor();
    expect(await visitor.page.getByText('How did we do?').count()).toBe(0);

    // The chat's header shows it.
    await merchant.page.goto(`/inbox?c=${conversation.id}`);
    const chip = merchant.page.getByTestId('chat-rating');
    await chip.waitFor({ timeout: 15_000 });
    expect(await chip.textContent()).toBe('★ 4/5');
    expect(await chip.getAttribute('aria-label')).toContain('Fast and friendly');

    // Insights: after the rollup's next refresh (every 15 s).
    await until(
      () =>
        apiCall<{ bot: number[] }>(server.url, token, 'GET', `/insights/ratings?shopId=${shop.id}&days=7`),
      (f) => f.bot[3] === 1,
      45_000,
    );
    await merchant.page.goto(`/insights?shopId=${shop.id}&days=7`);
    const card = merchant.page.getByRole('region', { name: 'Shopper ratings' });
    await card.getByText('4.0 ★').waitFor({ timeout: 15_000 });
    await card.getByText(/1 rating · chatbot 4\.0/).waitFor();
    await card.scrollIntoViewIfNeeded();
    await expectAccessible(merchant.page, 'Insights with ratings');
    await merchant.page.screenshot({ path: 'test-results/rating-insights-1280.png', fullPage: true });
    await merchant.context.close();
    await visitor.context.close();
  });
});

describe('business hours', () => {
  it('sets weekly hours and holidays on the shop page, on a phone too', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await newPage(browser, server.url, viewport);
      const { token } = await signedIn(page, server.url);
      const shop = await apiCall<{ id: string }>(server.url, token, 'POST', '/website', {
        name: 'Kedai Jam',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      });
      await page.goto(`/dashboard/shops/website/${shop.id}`);
      const section = page.getByRole('form', { name: 'Business hours' });
      await section.waitFor({ timeout: 20_000 });
      await section.getByLabel('Use business hours').check();
      // Saturday mornings open.
      const saturday = section.getByRole('group', { name: 'Saturday' });
      await saturday.getByLabel('Closed').uncheck();
      await saturday.getByLabel('Saturday Closes').fill('13:00');
      // A closing before opening is refused with the reason.
      await section.getByRole('group', { name: 'Friday' }).getByLabel('Friday Closes').fill('08:00');
      await section.getByRole('button', { name: 'Save business hours' }).click();
      await section.getByText('Friday: Closing time must be after opening time').waitFor();
      await section.getByRole('group', { name: 'Friday' }).getByLabel('Friday Closes').fill('17:00');
      // The shop's own holiday; one public holiday removed.
      await section.getByLabel('Date').fill('2026-12-31');
      await section.getByLabel('Holiday', { exact: true }).fill('Stock take');
      await section.getByRole('button', { name: 'Add holiday' }).click();
      await section.getByRole('button', { name: 'Remove Christmas Day (2026-12-25)' }).click();
      await expectAccessible(page, `the shop page's business hours at ${viewport.width} px`);
      await section.getByRole('heading', { name: 'Business hours' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `test-results/business-hours-${viewport.width}.png` });
      await section.getByRole('button', { name: 'Save business hours' }).click();
      await page.getByText('Business hours saved').waitFor();
      const saved = await apiCall<{
        enabled: boolean;
        week: ({ open: string; close: string } | null)[];
        holidays: { date: string; name: string }[];
      }>(server.url, token, 'GET', `/shops/${shop.id}/business-hours`);
      expect(saved.enabled).toBe(true);
      expect(saved.week[6]).toEqual({ open: '09:00', close: '13:00' });
      expect(saved.week[5]).toEqual({ open: '09:00', close: '17:00' });
      expect(saved.holidays).toContainEqual({ date: '2026-12-31', name: 'Stock take' });
      expect(saved.holidays.some((h) => h.date === '2026-12-25')).toBe(false);
      // Reset brings the public holidays back (and drops the shop's own).
      await section.getByRole('button', { name: 'Reset to Malaysian public holidays' }).click();
      await section.getByRole('button', { name: 'Remove Christmas Day (2026-12-25)' }).waitFor();
      await context.close();
    }
  });
});
