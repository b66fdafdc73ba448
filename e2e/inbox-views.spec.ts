import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();
const shots = process.env.SHOTS_DIR ?? 'test-results';

/** A visitor of the shop's website writes through the widget's API. */
async function visitorAsks(baseUrl: string, shopId: string, sessionId: string, query: string) {
  const res = await fetch(`${baseUrl}/api/website/v1/${shopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, sessionId }),
  });
  if (!res.ok) throw new Error(`the widget answered ${res.status}: ${await res.text()}`);
}

// The widget names a visitor by the start of their session id.
const SABAH = 'Visitor saba';
const KURUNG = 'Visitor kuru';
/** The product answers (on a busy machine it may start after startServer's minute). */
async function answering(baseUrl: string) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (
      await fetch(`${baseUrl}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the product did not answer /api/health');
}

const row = (page: Page, name: string) => page.locator('[data-conversation-id]').filter({ hasText: name });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

describe('the inbox views of a whole day (issue 26.2)', () => {
  it('moves a replied chat to Waiting, lists a snoozed one with its time and wakes it into Needs you, at 1280 and 390 px', async () => {
    const { server, browser } = running;
    await answering(server.url);
    const { page, context } = await newPage(browser, server.url);
    const { token } = await signedIn(page, server.url);
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(server.url, token, method, path, body);
    const { id: shopId } = await call<{ id: string }>('POST', '/website', {
      name: 'Kedai Comel',
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
    });
    // The bot is off: the shop's people answer every visitor.
    await call('PUT', `/shopee/v1/${shopId}`, { defaultBotStatus: false });
    await visitorAsks(server.url, shopId, 'sabah0000001', 'Do you ship to Sabah?');
    await visitorAsks(server.url, shopId, 'kurung000001', 'Is the baju kurung in size M?');

    // Both need the merchant; the tabs count every view.
    await page.goto('/inbox?view=needs_you');
    await tab(page, /^Needs you · 2$/).waitFor();
    await row(page, SABAH).waitFor();
    await row(page, KURUNG).waitFor();
    await expectAccessible(page, 'Inbox, Needs you, 1280 px');

    // Replying as a person: from Needs you to Waiting on the shopper.
    await row(page, SABAH).click();
    const box = page.getByLabel('Message', { exact: true });
    await box.fill('Yes, we ship to Sabah in 5-7 working days.');
    await box.press('Enter');
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('Yes, we ship to Sabah in 5-7 working days.')
      .waitFor();
    await tab(page, /^Needs you · 1$/).waitFor();
    await row(page, SABAH).waitFor({ state: 'detached' });
    await tab(page, /^Waiting on shopper · 1$/).click();
    await row(page, SABAH).waitFor();
    expect(await row(page, SABAH).locator('[data-state]').getAttribute('data-state')).toBe('waiting');
    await page.screenshot({ path: `${shots}/inbox-waiting-1280.png` });
    await expectAccessible(page, 'Inbox, Waiting on shopper, 1280 px');

    // Snoozed from the menu: listed in Snoozed with the time it wakes.
    await tab(page, /^Needs you/).click();
    await row(page, KURUNG).click();
    await page.getByRole('button', { name: 'Snooze' }).click();
    await page.getByRole('menuitem', { name: 'For 1 hour' }).click();
    await tab(page, /^Snoozed · 1$/).click();
    const snoozed = row(page, KURUNG);
    await snoozed.waitFor();
    expect(await snoozed.getByTestId('wakes').textContent()).toMatch(
      /^Wakes \d{1,2} \w{3}, \d{1,2}:\d{2} [AP]M$/,
    );
    expect(await tab(page, /^Needs you/).textContent()).toBe('Needs you');
    await page.screenshot({ path: `${shots}/inbox-snoozed-1280.png` });
    await expectAccessible(page, 'Inbox, Snoozed, 1280 px');

    // On a phone: the views and their counts fit, and a snoozed chat says when it wakes.
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.evaluate((t) => localStorage.setItem('token', t), token);
    await phone.page.goto('/inbox?view=snoozed');
    await row(phone.page, KURUNG).getByTestId('wakes').waitFor();
    await phone.page.screenshot({ path: `${shots}/inbox-snoozed-390.png` });
    await expectAccessible(phone.page, 'Inbox, Snoozed, 390 px');
    await phone.page.goto('/inbox?view=waiting');
    await row(phone.page, SABAH).waitFor();
    await phone.page.screenshot({ path: `${shots}/inbox-waiting-390.png` });
    await expectAccessible(phone.page, 'Inbox, Waiting on shopper, 390 px');

    // Its time comes (snoozed again through the API for 2 seconds): it wakes into Needs you by
    // itself, live (the wake job runs every 30 s), though the shop did not write since.
    const kurung = (
      await call<{ id: string; shopperName: string }[]>('GET', '/inbox/conversations?view=snoozed')
    ).find((r) => r.shopperName === KURUNG);
    await call('POST', `/inbox/conversations/${kurung!.id}/snooze`, {
      until: new Date(Date.now() + 2000).toISOString(),
    });
    await tab(page, /^Needs you · 1$/).waitFor({ timeout: 45_000 });
    await tab(page, /^Needs you/).click();
    await row(page, KURUNG).waitFor();
    expect(await tab(page, /^Snoozed/).textContent()).toBe('Snoozed');
    await page.screenshot({ path: `${shots}/inbox-woken-1280.png` });
    await expectAccessible(page, 'Inbox, Needs you after the snooze, 1280 px');
    await phone.page.goto('/inbox?view=needs_you');
    await row(phone.page, KURUNG).waitFor();
    await phone.page.screenshot({ path: `${shots}/inbox-woken-390.png` });
    await phone.context.close();
    await context.close();
  }, 360_000);
});
