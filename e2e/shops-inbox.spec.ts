import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();

describe('shops and inbox in the browser', () => {
  it('connects a Shopee shop through the sandbox, chats live with a shopper, and removes the shop', async () => {
    const { page, context } = await newPage(running.browser, running.server.url);
    await signedIn(page, running.server.url);
    await page.goto('/dashboard/addshop');
    await page.getByRole('link', { name: /Shopee/ }).click();
    await page.getByLabel('Shop name').fill('Kedai Comel');
    await page.getByLabel('Contact person').fill('Aisyah');
    await page.getByLabel('Contact email').fill('aisyah@example.com');
    await page.getByLabel('Contact number').fill('012-345 6789');
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('button', { name: /Authorize on Shopee/ }).click(),
    ]);
    await popup.getByText('Kedai Bayi Comel (Shopee)').waitFor();
    await popup.screenshot({ path: 'test-results/sandbox-authorize.png' });
    await popup.getByRole('button', { name: 'Approve' }).click();
    // The window says so and closes; the dashboard opens the new shop by itself.
    await page.waitForURL('**/dashboard/shops/shopee/**');
    await page.getByRole('heading', { level: 1, name: 'Kedai Comel' }).waitFor();

    // The bot switch stores the value the server answers.
    const botSwitch = page.getByRole('switch', { name: 'Chatbot', exact: true });
    await botSwitch.click();
    await page.getByText('Chatbot is on').waitFor();
    await botSwitch.click();
    await page.getByText('Chatbot is off').waitFor();

    // Contact details.
    await page.getByLabel('Contact person').fill('Siti Aminah');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved').waitFor();

    // A shopper writes in the sandbox console: the conversation rises to the top, live, with its dot.
    const shopper = await context.newPage();
    await shopper.goto('/sandbox/shopper');
    await shopper.locator('#shop').selectOption('947042923');
    await shopper.locator('#buyer').selectOption({ label: 'Rajesh Kumar' });
    await shopper.getByLabel('Message', { exact: true }).fill('Do you have the stroller in stock?');
    await shopper.getByRole('button', { name: 'Send' }).click();
    const row = page.locator('[data-conversation]').filter({ hasText: 'Rajesh Kumar' });
    await row.getByText('Do you have the stroller in stock?').waitFor({ timeout: 10_000 });
    expect(await row.getByLabel('New message').count()).toBe(1);
    await page.screenshot({ path: 'test-results/shop-detail.png', fullPage: true });

    // The merchant opens it: the dot clears; replies; the shopper sees the reply.
    await row.getByRole('link').click();
    await page.waitForURL('**/chat/shopee/**');
    await page.getByText('Do you have the stroller in stock?').waitFor();
    await page.getByLabel('Message', { exact: true }).fill('Yes, 12 left in stock!');
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByText('CS', { exact: true }).first().waitFor();
    await shopper.getByText('Yes, 12 left in stock!').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: 'test-results/chat.png' });
    await shopper.screenshot({ path: 'test-results/shopper-console.png' });
    await page.getByRole('link', { name: 'Exit Chat' }).click();
    await page.waitForURL('**/dashboard/shops/shopee/**');
    await expect(row.getByLabel('New message').count()).resolves.toBe(0);

    // Remove the shop.
    await page.getByRole('button', { name: 'Remove shop' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove shop' }).click();
    await page.waitForURL('**/dashboard/shops');
    await page.getByText('You have not authorised any shops yet').waitFor();
    await context.close();
  });
});
