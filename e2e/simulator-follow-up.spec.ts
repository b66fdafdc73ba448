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

describe('the simulator keeps the conversation', () => {
  it('answers a follow-up in the context of the question before it', async () => {
    const { page, context } = await newPage(browser, server.url);
    const { token } = await signedIn(page, server.url);
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
      expect(res.status).toBeLessThan(300);
      return (await res.json()) as { data: { id: string } };
    };
    const shopId = (
      await api('/website', {
        name: 'Kedai Comel',
        person_name: 'A',
        person_email: 'a@example.com',
        person_phone: '012-345 6789',
      })
    ).data.id;
    const topic = async (name: string, categorization: string[], knowledge: string[]) => {
      const id = (await api(`/shopee/${shopId}/gpt`, { name })).data.id;
      await api(`/shopee/${shopId}/gpt/${id}/information`, categorization);
      await api(`/shopee/${shopId}/gpt/${id}/response`, knowledge);
    };
    await topic(
      'Shipping',
      ['Delivery questions: shipping fee, how many days to arrive.'],
      [
        'Shipping to Sabah and Sarawak costs RM15. Shipping within West Malaysia costs RM8.',
        'Parcels to Sabah and Sarawak arrive in 4 to 7 working days.',
        'Parcels within West Malaysia arrive in 1 to 3 working days.',
      ],
    );
    await topic('Returns', ['Returns and refunds.'], ['Returns are accepted within 7 days of delivery.']);

    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    const ask = async (question: string, n: number) => {
      await page.getByLabel('Question').fill(question);
      await page.getByRole('button', { name: 'Ask' }).click();
      const answers = page.getByTestId('simulator-answer');
      await answers.nth(n).waitFor();
      return (await answers.nth(n).textContent()) ?? '';
    };
    expect(await ask('how much is shipping to Sabah?', 0)).toContain('RM15');
    // "How long does it take?" alone would be about West Malaysia; after Sabah it is about Sabah.
    const followUp = await ask('how long does it take?', 1);
    expect(followUp).toContain('4 to 7 working days');
    expect(followUp).not.toContain('1 to 3');
    expect(await ask('ok', 2)).toMatch(/You're welcome/);
    await page.screenshot({ path: 'test-results/simulator-follow-up.png' });

    // A new conversation forgets the earlier one.
    await page.getByRole('button', { name: 'New conversation' }).click();
    expect(await ask('how long does it take?', 0)).toContain('1 to 3 working days');
    await context.close();
  });
});
