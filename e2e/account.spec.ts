import { accountWords, messages, serverMessages } from '@balas/contracts';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();
const words = accountWords.password;
// Required fields' labels end with an asterisk.
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

async function signIn(baseUrl: string, email: string, password: string) {
  const res = await fetch(`${baseUrl}/api/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return {
    status: res.status,
    token: ((await res.json()) as { data?: { accessToken: string } }).data?.accessToken,
  };
}

describe('the account page', () => {
  it('changes the password; another signed-in browser is sent to the login page at once, this one stays', async () => {
    const { server, browser } = running;
    const { page, context } = await newPage(browser, server.url);
    const { email } = await signedIn(page, server.url);

    // The same merchant in a second browser, on the Inbox with its live connection open.
    const other = await newPage(browser, server.url);
    const { token: otherToken } = await signIn(server.url, email, 'correct horse');
    await other.page.goto('/');
    await other.page.evaluate((token) => localStorage.setItem('token', token!), otherToken);
    await other.page.goto('/inbox');
    await other.page.locator('main h1').first().waitFor();

    // The account page is reached from the merchant's name in the top bar.
    await page.goto('/dashboard/shops');
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/dashboard/account');
    await page.getByRole('heading', { name: accountWords.title, level: 1 }).waitFor();
    await page.getByText(email).waitFor();
    expect(await page.title()).toBe('Account · Balas');
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/dashboard/account');

    // A wrong current password: said on its field; still signed in everywhere.
    await field(page, words.current).fill('wrong horse');
    await field(page, words.new).fill('lantern-quiet-87');
    await field(page, words.confirm).fill('lantern-quiet-87');
    await page.getByRole('button', { name: words.submit }).click();
    await page.getByText(serverMessages.password.currentWrong).waitFor();
    expect(await field(page, words.current).getAttribute('aria-invalid')).toBe('true');
    // A guessable new one: refused as at sign-up.
    await field(page, words.current).fill('correct horse');
    await field(page, words.new).fill('Malaysia123');
    await field(page, words.confirm).fill('Malaysia123');
    await page.getByRole('button', { name: words.submit }).click();
    await page.getByText(messages.validation.passwordCommon).waitFor();
    await expectAccessible(page, '/dashboard/account with errors');
    await page.screenshot({ path: 'test-results/account-errors-1280.png', fullPage: true });

    await field(page, words.new).fill('lantern-quiet-87');
    await field(page, words.confirm).fill('lantern-quiet-87');
    await page.getByRole('button', { name: words.submit }).click();
    await page
      .getByRole('status')
      .filter({ hasText: words.changed(1) })
      .waitFor();
    expect(await field(page, words.current).inputValue()).toBe('');
    await page.screenshot({ path: 'test-results/account-1280.png', fullPage: true });

    // The other browser's connection was closed by the server: it leaves for the login page by
    // itself, without a click or a reload.
    await other.page.waitForURL('**/login', { timeout: 10_000 });
    expect(await other.page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await other.context.close();

    // This one is still signed in; the new password is the one that works.
    await page.reload();
    await page.getByText(email).waitFor();
    expect(page.url()).toContain('/dashboard/account');
    expect((await signIn(server.url, email, 'correct horse')).status).toBe(401);
    expect((await signIn(server.url, email, 'lantern-quiet-87')).status).toBe(200);
    await context.close();
  });

  it('fits a 390 px phone and is reached from the avatar there', async () => {
    const { server, browser } = running;
    const { page, context } = await newPage(browser, server.url, { width: 390, height: 844 });
    await signedIn(page, server.url);
    await page.goto('/dashboard/shops');
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL('**/dashboard/account');
    await page.getByRole('heading', { name: words.title }).waitFor();
    await page.waitForLoadState('networkidle');
    await field(page, words.current).fill('correct horse');
    await page.getByRole('button', { name: words.show }).first().click();
    expect(await field(page, words.current).getAttribute('type')).toBe('text');
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectAccessible(page, '/dashboard/account at 390 px');
    await page.screenshot({ path: 'test-results/account-390.png', fullPage: true });
    await context.close();
  });
});
