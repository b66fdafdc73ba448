import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

// The product as a new user starts it: only a port (no PUBLIC_URL), listening on every interface, and
// opened at http://localhost:<port>. Every address it gives out must follow.
const running = productAndBrowser({ PUBLIC_URL: '', HOST: '0.0.0.0', LOG_LEVEL: 'info' });
const local = () => `http://localhost:${running.server.port}`;

async function fillContact(page: Page, name: string) {
  await page.getByLabel('Shop name').fill(name);
  await page.getByLabel('Contact person').fill('Aisyah');
  await page.getByLabel('Contact email').fill('aisyah@example.com');
  await page.getByLabel('Contact number').fill('012-345 6789');
}

/** Adds a marketplace shop through the wizard; answers the authorization window. */
async function startAuthorization(
  page: Page,
  context: BrowserContext,
  platform: 'Shopee' | 'Lazada',
  name: string,
) {
  await page.goto('/dashboard/addshop');
  await page.getByRole('link', { name: new RegExp(platform) }).click();
  await fillContact(page, name);
  const [popup] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: `Authorize on ${platform}` }).click(),
  ]);
  // A blank window first (opened within the click), then the platform's page.
  await popup.waitForURL(/\/sandbox\//);
  return popup;
}

describe('first impressions', () => {
  it('gives out its real address when only PORT is set, and says it at start-up', async () => {
    expect(running.server.logs.join('')).toContain(`Balas is running at ${local()}`);
    const { page, context } = await newPage(running.browser, local());
    await signedIn(page, local());
    const popup = await startAuthorization(page, context, 'Shopee', 'Kedai Port');
    // The platform's page and its form point back at this server, not at port 3000.
    expect(popup.url()).toContain(`${local()}/sandbox/shopee/`);
    expect(await popup.locator('form').getAttribute('action')).toContain(local());
    await context.close();
  });

  for (const platform of ['Shopee', 'Lazada'] as const) {
    it(`ends the ${platform} authorization window on a small page that tells the dashboard and closes itself`, async () => {
      const { page, context } = await newPage(running.browser, local());
      await signedIn(page, local());
      const popup = await startAuthorization(page, context, platform, `Kedai ${platform}`);
      await page.getByText('Finish the authorization in the new window').waitFor();
      const closed = popup.waitForEvent('close');
      await popup.getByRole('button', { name: 'Approve' }).click();
      await popup.getByRole('heading', { name: 'Connected — you can close this window' }).waitFor();
      await popup.screenshot({ path: `test-results/connected-${platform.toLowerCase()}.png` });
      await closed;
      // The dashboard moved on by itself: the new shop's page (named by its platform), with its first steps.
      await page.waitForURL(`**/dashboard/shops/${platform.toLowerCase()}/**`);
      await page.getByRole('heading', { level: 1, name: `Kedai ${platform}` }).waitFor();
      await page.getByRole('heading', { name: 'Get your chatbot ready' }).waitFor();
      // The shop's title, after the count of chats that need the merchant (its seeded chats do).
      expect(await page.title()).toMatch(new RegExp(`^(\\(\\d+\\+?\\) )?Kedai ${platform} · Balas$`));
      await context.close();
    });
  }

  it('says why when the merchant cancels on the platform, and offers to authorize again', async () => {
    const { page, context } = await newPage(running.browser, local());
    await signedIn(page, local());
    const popup = await startAuthorization(page, context, 'Shopee', 'Kedai Batal');
    await popup.getByRole('button', { name: 'Cancel' }).click();
    await popup.getByRole('heading', { name: 'The shop was not connected' }).waitFor();
    await page.getByText('The authorization was cancelled on the platform.', { exact: false }).waitFor();
    // The shop waits for its authorization; from the list it can be authorized again.
    await popup.close();
    await page.goto('/dashboard/shops');
    const card = page.locator('.MuiCard-root').filter({ hasText: 'Kedai Batal' });
    await card.getByText('Waiting for authorization').waitFor();
    const [again] = await Promise.all([
      context.waitForEvent('page'),
      card.getByRole('button', { name: 'Authorize again' }).click(),
    ]);
    await again.waitForURL(/\/sandbox\//);
    // The sandbox's first demo shop is connected by an earlier test: this one takes the second.
    await again.locator('input[value="947042987"]').check();
    await again.getByRole('button', { name: 'Approve' }).click();
    await card.getByText('Connected', { exact: true }).waitFor({ timeout: 15_000 });
    await context.close();
  });

  it('shows a website shop its embed snippet with a copy button and a live preview that says who replies', async () => {
    const { page, context } = await newPage(running.browser, local());
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: local() });
    await signedIn(page, local());
    await page.goto('/dashboard/addshop');
    await page.getByRole('link', { name: /Website/ }).click();
    await fillContact(page, 'Kedai Web');
    await page.getByRole('button', { name: 'Create website shop' }).click();
    await page.getByRole('heading', { name: 'Add the chat to your website' }).waitFor();
    const snippet = await page.getByLabel('Embed snippet').innerText();
    expect(snippet).toMatch(
      new RegExp(`^<script src="${local()}/widget.js" data-shop="[0-9a-f-]{36}" async></script>$`),
    );
    await page.getByRole('button', { name: 'Copy snippet' }).click();
    await page.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    // The chatbot of a new shop is off: the preview says so, and a visitor's message gets an honest answer.
    const preview = page.frameLocator('iframe[title="Chat widget preview"]');
    await preview.getByText('The shop team will reply here').waitFor();
    await preview.getByLabel('Your message').fill('Do you ship to Sabah?');
    await preview.getByRole('button', { name: 'Send' }).click();
    await preview.getByText('The shop team will reply here as soon as they can', { exact: false }).waitFor();
    await page.screenshot({ path: 'test-results/website-snippet.png', fullPage: true });
    await page.getByRole('link', { name: 'Open my shop' }).click();
    await page.getByRole('heading', { level: 1, name: 'Kedai Web' }).waitFor();
    await context.close();
  });

  it('keeps unsaved topic entries across tabs and asks before leaving them', async () => {
    const { page, context } = await newPage(running.browser, local());
    const { token } = await signedIn(page, local());
    const shop = await apiCall<{ id: string }>(local(), token, 'POST', '/website', {
      name: 'Kedai Topik',
      person_name: 'Mei',
      person_email: 'mei@example.com',
      person_phone: '012-345 6789',
    });
    const topic = await apiCall<{ id: string }>(local(), token, 'POST', `/shopee/${shop.id}/gpt`, {
      name: 'Delivery',
    });
    await page.goto(`/dashboard/topic/${topic.id}?shopId=${shop.id}`);
    await page.getByRole('tab', { name: 'Answers' }).click();
    await page.getByLabel('Answer 1', { exact: true }).fill('We deliver in 2 working days.');
    await page.getByRole('tab', { name: 'Shopper questions' }).click();
    await page.getByRole('tab', { name: 'Answers (not saved)' }).click();
    expect(await page.getByLabel('Answer 1', { exact: true }).inputValue()).toBe(
      'We deliver in 2 working days.',
    );

    await page.getByRole('link', { name: 'Back' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Leave without saving?').waitFor();
    await page.screenshot({ path: 'test-results/unsaved-guard.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(page.url()).toContain(`/dashboard/topic/${topic.id}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('tab', { name: 'Answers', exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back' }).click();
    await page.waitForURL('**/dashboard/shops/knowledge**');
    await context.close();
  });

  it('sends a signed-in merchant from /login and /signup to the dashboard', async () => {
    const { page, context } = await newPage(running.browser, local());
    await signedIn(page, local());
    for (const path of ['/login', '/signup']) {
      await page.goto(path);
      await page.waitForURL('**/dashboard/shops');
    }
    await page.goto('/');
    await page.getByRole('link', { name: 'Open dashboard' }).waitFor();
    await context.close();
  });
});
