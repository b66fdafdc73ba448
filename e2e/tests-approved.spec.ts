import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();

describe('test questions and approved answers, as a merchant', () => {
  it('saves a simulator question as a test, sees a training change break it, and corrects it', async () => {
    const { page, context } = await newPage(running.browser, running.server.url);
    const { token } = await signedIn(page, running.server.url);
    const url = running.server.url;
    const shopId = (
      await apiCall<{ id: string }>(url, token, 'POST', '/website', {
        name: 'Kedai Hadiah',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    const topicId = (
      await apiCall<{ id: string }>(url, token, 'POST', `/shopee/${shopId}/gpt`, { name: 'Extras' })
    ).id;
    const teach = (text: string) =>
      apiCall(url, token, 'POST', `/shopee/${shopId}/gpt/${topicId}/response`, [
        text,
        'We deliver all over Malaysia in 1 to 3 working days.',
      ]);
    await teach('Gift wrapping costs RM5 per item.');

    // The simulator: ask, then "Save as test" with the fact the answer must say.
    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await page.getByLabel('Question').fill('how much is gift wrapping?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect.poll(() => page.getByTestId('simulator-answer').first().textContent()).toContain('RM5');
    await page.getByRole('button', { name: 'Save as test' }).click();
    await page.getByRole('textbox', { name: 'Key facts' }).fill('RM5 | 5 ringgit');
    await page.getByRole('button', { name: 'Save test' }).click();
    await page.getByRole('button', { name: 'Saved as test' }).waitFor();

    // The training page's Tests section: run all, one of one passes.
    await page.goto(`/dashboard/shops/knowledge?shopId=${shopId}`);
    await page.getByRole('heading', { name: 'Tests' }).waitFor();
    await page.getByRole('button', { name: 'Run all' }).click();
    await expect
      .poll(() => page.getByTestId('tests-pass-rate').textContent(), { timeout: 30_000 })
      .toContain('1 of 1 pass');

    // A training change breaks it: the run after it shows "was right, now wrong" with both replies.
    await teach('Gift wrapping costs RM8 per item.');
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Tests' }).waitFor();
          return page.getByText('Was right, now wrong').count();
        },
        { timeout: 90_000, interval: 3000 },
      )
      .toBe(1);
    const row = page.getByTestId('test-question');
    await expect.poll(() => row.textContent()).toContain('RM8');
    expect(await row.textContent()).toContain('Was replying (right)');
    expect(await row.textContent()).toContain('Missing: RM5');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The navigation drawer settles after a change of width.
      await page.waitForTimeout(600);
      await expectAccessible(page, `training page with tests at ${width} px`);
      await page.screenshot({ path: `test-results/tests-regressed-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The shops page shows the drop as an attention signal.
    await page.goto('/dashboard/shops');
    await page.getByRole('heading', { name: 'Kedai Hadiah' }).waitFor();
    await page.waitForTimeout(2000);
    await page.screenshot({ path: 'test-results/tests-shops-1280.png' });
    await expect.poll(() => page.getByTestId('tests-dropped').textContent()).toContain('down from 100%');

    // "Correct this" on the failed test saves the merchant's answer, in two languages.
    await page.goto(`/dashboard/shops/knowledge?shopId=${shopId}`);
    await row.getByRole('button', { name: 'Correct this' }).click();
    await page.getByLabel('Answer in English').fill('Gift wrapping is RM5 per item.');
    await page.getByLabel('Answer in Malay').fill('Balut hadiah RM5 seunit.');
    await expectAccessible(page, 'Correct this dialog');
    await page.getByRole('button', { name: 'Save answer' }).click();
    await page.getByTestId('approved-answer').waitFor();

    // Trying the threshold: the same question in other words gets the approved answer.
    await page.getByLabel("Try a shopper's question").fill('how much for gift wrapping');
    await page.getByRole('button', { name: 'Try', exact: true }).click();
    await expect.poll(() => page.getByRole('status').last().textContent()).toContain('the shopper gets');

    // The approved answer is a training change: the tests run again and pass.
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.getByRole('heading', { name: 'Tests' }).waitFor();
          return page.getByTestId('tests-pass-rate').textContent();
        },
        { timeout: 90_000, interval: 3000 },
      )
      .toContain('1 of 1 pass');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      // The navigation drawer settles after a change of width.
      await page.waitForTimeout(600);
      await expectAccessible(page, `training page with approved answers at ${width} px`);
      await page.screenshot({ path: `test-results/tests-approved-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 800 });

    // The simulator sends it and says it was approved.
    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await page.getByLabel('Question').fill('how much is gift wrapping?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await expect
      .poll(() => page.getByTestId('simulator-answer').first().textContent())
      .toBe('Gift wrapping is RM5 per item.');
    await page.getByText('Approved answer').first().waitFor();

    // Insights counts it.
    await page.goto(`/insights?shopId=${shopId}`);
    const figure = page.getByRole('region', { name: 'Approved answers sent' });
    await expect.poll(() => figure.textContent(), { timeout: 20_000 }).toContain('1 approved answer kept');
    await context.close();
  }, 360_000);
});
