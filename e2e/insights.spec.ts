import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();

/** A visitor of the shop's website asks through the widget's API; answers whether the bot handed over. */
async function visitorAsks(baseUrl: string, shopId: string, sessionId: string, query: string) {
  const res = await fetch(`${baseUrl}/api/website/v1/${shopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, sessionId }),
  });
  return ((await res.json()) as { data: { handover: boolean } }).data.handover;
}

/** The figures lag the chats by the refresh job's interval: reload until the page shows them. */
async function waitForChats(page: Page, chats: string) {
  const deadline = Date.now() + 45_000;
  for (;;) {
    await page.goto('/insights?days=7');
    const card = page.getByRole('region', { name: 'Chats' });
    await card.waitFor();
    if ((await card.getByTestId('figure-value').textContent()) === chats) return;
    if (Date.now() > deadline) throw new Error(`the page never showed ${chats} chats`);
    await page.waitForTimeout(3000);
  }
}

describe('insights', () => {
  it('turns a handed-over question into knowledge that the simulator then answers, with figures readable at 1280 and 390 px', async () => {
    const { server, browser } = running;
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
    await call('PUT', `/shopee/v1/${shopId}`, { defaultBotStatus: true });
    const returns = await call<{ id: string }>('POST', `/shopee/${shopId}/gpt`, { name: 'Returns' });
    await call('POST', `/shopee/${shopId}/gpt/${returns.id}/information`, ['Returns, exchanges and refunds']);
    await call('POST', `/shopee/${shopId}/gpt/${returns.id}/response`, [
      'Returns are accepted within 7 days of delivery for unused items.',
    ]);

    // Shoppers on the website: one answered, two asking the same thing in English and Malay.
    expect(await visitorAsks(server.url, shopId, 'visitor00001', 'Can I return an unused item?')).toBe(false);
    expect(await visitorAsks(server.url, shopId, 'visitor00002', 'Do you ship to Sabah?')).toBe(true);
    expect(await visitorAsks(server.url, shopId, 'visitor00003', 'Boleh hantar ke Sabah tak?')).toBe(true);
    // A person of the shop answered the Malay one in the chat.
    await call('POST', `/shopee/v1/${shopId}/visitor00003`, {
      message: 'Yes, we ship to Sabah in 5-7 working days.',
    });

    await page.goto(`/dashboard/shops`);
    await page.getByRole('link', { name: 'Insights' }).first().click();
    await page.waitForURL(/\/insights/);
    await page.getByRole('heading', { name: 'Insights', level: 1 }).waitFor();
    await waitForChats(page, '3');
    await page
      .getByRole('region', { name: 'Handed over to your team' })
      .getByTestId('figure-value')
      .getByText('67%')
      .waitFor();
    await page.getByText("The bot couldn't find the answer in your training").first().waitFor();
    await page
      .getByRole('article', { name: /Knowledge gap/ })
      .first()
      .waitFor();
    await page.screenshot({ path: 'test-results/insights-1280.png', fullPage: true });
    await expectAccessible(page, '/insights at 1280 px');
    // Each chart is an image named by its caption, with its figures as a table a button away.
    const chats = page.getByRole('region', { name: 'Chats' });
    await chats.getByRole('img', { name: 'Chats per day' }).waitFor();
    await chats.getByRole('button', { name: 'Show as a table' }).click();
    const table = chats.getByRole('table');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Day',
      'Chats',
      'Shopper messages',
      'Chats, previous period',
    ]);
    expect(await table.getByRole('row').count()).toBe(1 + 7);
    expect(await table.getByRole('row').last().getByRole('cell').first().textContent()).toBe('3');
    await expectAccessible(page, '/insights with a chart shown as a table');
    await chats.screenshot({ path: 'test-results/insights-1280-table.png' });
    await chats.getByRole('button', { name: 'Show as a chart' }).click();
    // Counts agree with their nouns.
    await page
      .getByRole('region', { name: 'First response time' })
      .getByText(/\(team, 1 chat\)/)
      .waitFor();
    await page
      .getByRole('region', { name: 'Chats' })
      .getByText('3 shopper messages (previous period: 0 chats, 0 messages)')
      .waitFor();

    // The gap: both questions in one group, with the team's reply.
    const gap = page.getByRole('article', { name: 'Knowledge gap: Boleh hantar ke Sabah tak?' });
    await gap.getByText('2 questions').waitFor();
    await gap.getByText('Do you ship to Sabah?').waitFor();
    await gap.getByText('Yes, we ship to Sabah in 5-7 working days.').waitFor();
    await gap.getByRole('button', { name: 'Add to knowledge' }).click();

    const dialog = page.getByRole('dialog', { name: 'Teach the bot this answer' });
    expect(await dialog.getByLabel('When shoppers ask').inputValue()).toBe('Boleh hantar ke Sabah tak?');
    expect(await dialog.getByLabel('The bot answers').inputValue()).toBe(
      'Yes, we ship to Sabah in 5-7 working days.',
    );
    await dialog.getByRole('button', { name: 'Save to knowledge' }).click();
    await dialog.getByText('Pick a topic or name a new one').waitFor();
    await dialog.getByRole('combobox', { name: 'Topic' }).click();
    await page.getByRole('option', { name: 'New topic…' }).click();
    await dialog.getByLabel('New topic name').fill('Shipping');
    await dialog.getByRole('button', { name: 'Save to knowledge' }).click();
    await dialog.getByText('Saved to the topic “Shipping”.').waitFor();
    const answer = dialog.getByTestId('gap-simulator-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/5-7 working days/);
    await page.screenshot({ path: 'test-results/insights-entry.png' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await gap.waitFor({ state: 'detached' });

    // The simulator page answers the English question too.
    await page.goto(`/dashboard/test/website?shopId=${shopId}`);
    await page.getByLabel('Question').fill('Do you ship to Sabah?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const simulated = page.getByTestId('simulator-answer');
    await simulated.waitFor();
    expect(await simulated.textContent()).toMatch(/5-7 working days/);
    await context.close();

    // A phone.
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.evaluate((t) => localStorage.setItem('token', t), token);
    await phone.page.goto('/insights?days=7');
    await phone.page
      .getByRole('region', { name: 'Chats' })
      .getByTestId('figure-value')
      .getByText('3')
      .waitFor();
    const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/insights-390.png', fullPage: true });
    await phone.page.screenshot({ path: 'test-results/insights-390-top.png' });
    await expectAccessible(phone.page, '/insights at 390 px');
    for (const [name, file] of [
      ['First response time', 'response'],
      ['Busiest hours', 'hours'],
    ] as const) {
      await phone.page
        .getByRole('region', { name })
        .screenshot({ path: `test-results/insights-390-${file}.png` });
    }
    await phone.context.close();
  });
});
