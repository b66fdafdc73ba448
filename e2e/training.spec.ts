import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { type RunningServer, startServer } from './support/server.ts';
import { signedIn } from './support/session.ts';

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

describe('training the bot in the browser', () => {
  it('creates a topic with entries, uploads a document, and the simulator answers from it', async () => {
    const { page, context } = await newPage(browser, server.url);
    const { token } = await signedIn(page, server.url);
    const created = await fetch(`${server.url}/api/website`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        name: 'Kedai Comel',
        person_name: 'A',
        person_email: 'a@example.com',
        person_phone: '012-345 6789',
      }),
    });
    const shopId = ((await created.json()) as { data: { id: string } }).data.id;

    // A topic with shopper questions and answers.
    await page.goto(`/dashboard/shops/knowledge?shopId=${shopId}`);
    await page.getByText('You have not created any topics').waitFor();
    await page.getByRole('button', { name: 'New topic' }).first().click();
    await page.getByLabel('Topic name').fill('Returns');
    // The new topic opens.
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Returns' }).waitFor();
    await page.getByLabel('Question 1', { exact: true }).fill('Returns, exchanges and refunds of items');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').waitFor();
    await page.getByRole('tab', { name: 'Answers' }).click();
    await page
      .getByLabel('Answer 1', { exact: true })
      .fill('Returns are accepted within 7 days of delivery for unused items.');
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    await page.screenshot({ path: 'test-results/topic.png' });

    // A knowledge document: it becomes Ready.
    const file = join(tmpdir(), `care-guide-${Date.now()}.txt`);
    writeFileSync(file, 'Care guide.\n\nWash the bamboo swaddle at 30 degrees and dry it flat in the shade.');
    await page.goto(`/dashboard/knowledge?shopId=${shopId}`);
    await page.getByRole('button', { name: 'Add files' }).click();
    await page.getByLabel('Knowledge file').setInputFiles(file);
    await page.getByRole('button', { name: 'Upload File' }).click();
    await page.getByText('Your file has been successfully uploaded').waitFor();
    await page.getByText(/Ready · \d+ passages?/).waitFor({ timeout: 15_000 });
    await page.screenshot({ path: 'test-results/knowledge.png' });

    // The simulator answers from the file just uploaded, with its source.
    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await page.getByLabel('Question').fill('how should I wash the bamboo swaddle?');
    await page.getByRole('button', { name: 'Ask' }).click();
    const answer = page.getByTestId('simulator-answer');
    await answer.waitFor();
    expect(await answer.textContent()).toMatch(/30 degrees/);
    await page.getByText(/Document: care-guide/).waitFor();
    await page.screenshot({ path: 'test-results/simulator.png' });
    await context.close();
  });
});
