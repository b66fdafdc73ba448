import { messages } from '@balas/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { startSmtpCapture } from './support/smtp.ts';

let server: RunningServer;
let browser: Browser;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startServer({ SMTP_URL: smtp.url });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});

const email = `aisyah.${Date.now()}@example.com`;

describe('accounts in the browser', () => {
  it('signs up, lands on the shops page, logs out and logs back in', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/signup');
    await page.getByLabel('First name').fill('Aisyah');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel('Phone (optional)').fill('012-345 6789');
    // The server judges the password; the form shows what it says.
    await page.getByLabel('Password', { exact: true }).fill('Summer2024!');
    await page.getByLabel('Confirm password', { exact: true }).fill('Summer2024!');
    await page
      .getByRole('button', { name: /sign up/i })
      .last()
      .click();
    await page.getByText(messages.validation.passwordCommon).first().waitFor();
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page.getByLabel('Confirm password', { exact: true }).fill('correct horse');
    await page
      .getByRole('button', { name: /sign up/i })
      .last()
      .click();
    await page.waitForURL('**/dashboard/shops');
    await page.getByText('You have not authorised any shops yet').waitFor();
    await page.screenshot({ path: 'test-results/shops-empty.png' });

    await page.getByRole('button', { name: /logout/i }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('correct horse');
    await page
      .getByRole('button', { name: /log ?in/i })
      .last()
      .click();
    await page.waitForURL('**/dashboard/shops');
    await context.close();
  });

  it('shows the validation messages as the merchant types', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/signup');
    await page.getByLabel(/email/i).fill('not an email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password', { exact: true }).fill('other');
    await page
      .getByRole('button', { name: /sign up/i })
      .last()
      .click();
    await page.getByText('Please enter a valid email').waitFor();
    await page.getByText('Please enter at least 8 characters').first().waitFor();
    await page.getByText('Please enter a first name.').waitFor();
    await context.close();
  });

  it('resets a forgotten password through the mailed link', async () => {
    const { page, context } = await newPage(browser, server.url);
    await page.goto('/login');
    await page
      .getByText(/forgot/i)
      .first()
      .click();
    await page.getByLabel(/email/i).fill(email);
    await page.getByRole('button', { name: /reset|send/i }).click();
    await page.getByText(/we have sent it a link to set a new password/i).waitFor();
    const mail = await smtp.waitFor(email);
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\/[\w-]+\?email=[^\s"<]+/)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    await page.getByLabel('New Password').fill('Malaysia123');
    await page.getByLabel('Confirm Password').fill('Malaysia123');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText(messages.validation.passwordCommon).first().waitFor();
    await page.getByLabel('New Password').fill('brand new pass');
    await page.getByLabel('Confirm Password').fill('brand new pass');
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Please proceed to login with your new password').waitFor();
    await page.getByRole('button', { name: 'Proceed to login' }).click();

    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand new pass');
    await page
      .getByRole('button', { name: /log ?in/i })
      .last()
      .click();
    await page.waitForURL('**/dashboard/shops');
    await context.close();
  });

  it('turns the sidebar into a drawer below 960 px', async () => {
    const { page, context } = await newPage(browser, server.url, { width: 390, height: 844 });
    await page.goto('/login');
    await page.getByLabel(/email/i).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('brand new pass');
    await page
      .getByRole('button', { name: /log ?in/i })
      .last()
      .click();
    await page.waitForURL('**/dashboard/shops');
    const drawer = page.getByRole('navigation');
    expect(await drawer.isVisible()).toBe(false);
    await page.getByRole('button', { name: /menu/i }).click();
    await page.getByRole('navigation').waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: 'test-results/drawer-mobile.png' });
    await context.close();
  });
});
