import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectLazada, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

// Issue 26.6, walked as a merchant with a Shopee, a Lazada and a website shop: pages named by the
// shop's platform, the words of the training and knowledge pages, a topic that opens once created and
// says its limits, a copy from another shop that says what it brings, the simulator's confidence and
// sources, the chat's header and banner agreeing, and the forgot-password answer. Every page through
// axe-core; screenshots at 1280 and 390 px in test-results/.
const running = productAndBrowser();

const shot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `test-results/words-${name}.png`, fullPage });

/** axe once nothing moves: a dialog or menu fading in or out reads as text of too little contrast. */
async function accessible(page: Page, where: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectAccessible(page, where);
}

async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('merchant words in the browser', () => {
  it('walks shops, training, knowledge, copy, simulator and chat as a merchant, in words they follow', async () => {
    const url = running.server.url;
    const { page, context } = await newPage(running.browser, url);
    const { token } = await signedIn(page, url);
    const shopee = await connectShopee(url, token);
    const lazada = await connectLazada(url, token);
    const website = (
      await apiCall<{ id: string }>(url, token, 'POST', '/website', {
        name: 'Kedai Web',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    type Found = { productId: string; productInfo: { name: string } }[];
    const swaddles = await eventually(
      () => apiCall<Found>(url, token, 'GET', `/shopee/v1/${shopee}/search?search=swaddle`),
      (list) => list.length > 0,
    );
    await eventually(
      () => apiCall<Found>(url, token, 'GET', `/shopee/v1/${lazada}/search?search=swaddle`),
      (list) => list.length > 0,
    );

    // The Shopee shop is trained: topics, a document, product information.
    for (const [name, questions, answers] of [
      ['Shipping', ['Do you ship to Sabah?'], ['Parcels to Sabah and Sarawak take 5 to 7 working days.']],
      ['Returns', ['Can I return an item?'], ['Unused items can be returned within 7 days of delivery.']],
    ] as const) {
      const topic = await apiCall<{ id: string }>(url, token, 'POST', `/shopee/${shopee}/gpt`, { name });
      await apiCall(url, token, 'POST', `/shopee/${shopee}/gpt/${topic.id}/information`, questions);
      await apiCall(url, token, 'POST', `/shopee/${shopee}/gpt/${topic.id}/response`, answers);
    }
    const form = new FormData();
    form.set('shopId', shopee);
    form.append(
      'file[]',
      new Blob(['Care guide.\n\nWash the bamboo swaddle at 30 degrees and dry it flat in the shade.']),
      'care-guide.txt',
    );
    await fetch(`${url}/api/shopee/v1/lang_chain_push/loader`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    await apiCall(url, token, 'POST', `/shopee/v1/${shopee}/info`, {
      productId: [swaddles[0]!.productId],
      additionalInfo: [
        {
          title: 'Is it safe for newborn skin?',
          description: 'Yes: the bamboo swaddle is OEKO-TEX certified, with no dyes or fragrance.',
        },
      ],
    });
    await eventually(
      () =>
        apiCall<{ status: string }[]>(
          url,
          token,
          'GET',
          `/shopee/v1/lang_chain_push/loader?shopId=${shopee}`,
        ),
      (files) => files.every((f) => f.status === 'ready'),
    );

    // Shops live under their own platform; an old bookmark under 'shopee' finds its way.
    await page.goto('/dashboard/shops');
    await page
      .getByRole('main')
      .getByRole('link', { name: /Kedai Comel Lazada/ })
      .click();
    await page.waitForURL(`**/dashboard/shops/lazada/${lazada}`);
    await page.goto(`/dashboard/shops/shopee/${website}`);
    await page.waitForURL(`**/dashboard/shops/website/${website}`);
    await page.getByRole('heading', { name: 'Kedai Web' }).first().waitFor();
    await accessible(page, 'a website shop under its own platform');
    await page.goto(`/dashboard/shops/shopee/${lazada}`);
    await page.waitForURL(`**/dashboard/shops/lazada/${lazada}`);

    // Copy from another shop: what comes, counted, before it is copied.
    await page.goto(`/dashboard/shops/knowledge?shopId=${lazada}`);
    await page.getByText('You have not created any topics').waitFor();
    await page.getByRole('button', { name: 'More actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy from another shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Copy from another shop' });
    await dialog.getByRole('combobox', { name: 'Copy from' }).click();
    await page.getByRole('option', { name: 'Kedai Comel', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    const summary = dialog.getByTestId('copy-summary');
    await summary.waitFor();
    expect(await summary.getByRole('listitem').allTextContents()).toEqual([
      '2 topics (2 shopper questions, 2 answers)',
      expect.stringMatching(/^1 file \(\d+ bytes, 1 passage\)$/),
      '1 product information entry for 1 product sold in both shops (matched by name)',
    ]);
    await accessible(page, 'the copy dialog');
    await shot(page, 'copy-1280');
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await page.getByText(/^Copied 2 topics, 1 file and 1 product information entry\./).waitFor();
    await page.getByRole('heading', { name: 'Shipping' }).waitFor();

    // The copied file is ready to answer from; the knowledge page names what it offers.
    await page.goto(`/dashboard/knowledge?shopId=${lazada}`);
    await page
      .locator('[data-file="care-guide.txt"]')
      .getByText('Ready · 1 passage')
      .waitFor({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Add files' }).waitFor();
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByText('Is it safe for newborn skin?').waitFor();
    await page.getByRole('button', { name: 'Details' }).waitFor();

    // The simulator: how sure, in words, and the product by its name.
    await page.goto(`/dashboard/test/shopee?shopId=${lazada}`);
    await page.getByLabel('Question').fill('Is the bamboo swaddle safe for newborn skin?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByTestId('simulator-answer').waitFor();
    const confidence = page.getByTestId('confidence');
    expect(['Confident', 'Unsure', 'Does not know']).toContain(await confidence.textContent());
    await confidence.hover();
    expect((await page.getByRole('tooltip').textContent())?.length).toBeGreaterThan(40);
    await page.getByText(`Product: ${swaddles[0]!.productInfo.name}`).first().waitFor();
    expect(await page.getByText(/%|Product: \d+/).count()).toBe(0);
    await accessible(page, 'the simulator');
    await shot(page, 'simulator-1280');

    // A new topic opens once created, and says its limits before they are reached.
    await page.goto(`/dashboard/shops/knowledge?shopId=${website}`);
    await page.getByRole('button', { name: 'New topic' }).first().click();
    await page.getByLabel('Topic name').fill('Sizes');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Sizes' }).waitFor();
    expect(page.url()).toMatch(/\/dashboard\/topic\/[0-9a-f-]{36}\?shopId=/);
    const limit = page.getByTestId('information-limit');
    expect(await limit.textContent()).toBe('1 of 5 shopper questions');
    const add = page.getByRole('button', { name: 'Add a question' });
    for (let i = 2; i <= 5; i++) await add.click();
    expect(await add.isDisabled()).toBe(true);
    expect(await limit.textContent()).toBe(
      'A topic holds at most 5 shopper questions. Make another topic for more.',
    );
    await accessible(page, 'a full topic');
    await shot(page, 'topic-full-1280', true);

    // An empty file list says what to add.
    await page.goto(`/dashboard/knowledge?shopId=${website}`);
    await page.getByText('No files yet').waitFor();
    await accessible(page, 'an empty file list');
    await shot(page, 'knowledge-empty-1280');
    await page.getByRole('tab', { name: 'Products' }).click();
    await page.getByRole('tab', { name: 'Products', selected: true }).waitFor();

    // A handed-over chat: the header under the switch says what the banner says.
    await apiCall(url, token, 'PUT', `/shopee/v1/${shopee}`, { defaultBotStatus: true });
    const say = (buyer: string, text: string) =>
      fetch(`${url}/sandbox/shopper/api/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          platform: 'shopee',
          shop: '947042923',
          buyer,
          type: 'text',
          content: { text },
        }),
      });
    await say('880033', 'Can I talk to a real person please?');
    await say('880011', 'Do you ship to Sabah?');
    await page.goto('/inbox?view=needs_you');
    await page
      .locator('[data-conversation-id]')
      .filter({ hasText: 'Rajesh Kumar' })
      .click({ timeout: 20_000 });
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('Can I talk to a real person please?')
      .waitFor();
    await page.getByTestId('bot-source').getByText('Quiet here until you hand the chat back').waitFor();
    await page.getByText('The chatbot stays quiet in this chat until you hand it back.').waitFor();
    expect(await page.getByText('as set for the shop').count()).toBe(0);
    await accessible(page, 'a handed-over chat');
    await shot(page, 'chat-handed-over-1280');

    // The shop's conversation chips.
    await page.goto(`/dashboard/shops/shopee/${shopee}`);
    const conversations = page.locator('[data-slot="conversations"]');
    await conversations.getByText('Transferred to Agent').first().waitFor({ timeout: 20_000 });
    await conversations.getByText('Bot on', { exact: true }).first().waitFor({ timeout: 20_000 });
    await conversations.getByText('Bot on', { exact: true }).first().hover();
    await page
      .getByRole('tooltip')
      .getByText('This chat follows the shop’s chatbot switch', { exact: false })
      .waitFor();
    expect(await page.getByText(/\(shop\)/).count()).toBe(0);
    await accessible(page, 'a shop with its conversations');
    await shot(page, 'shop-1280');

    // On a phone.
    const phone = await newPage(running.browser, url, { width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.evaluate((t) => localStorage.setItem('token', t), token);
    const fresh = (
      await apiCall<{ id: string }>(url, token, 'POST', '/website', {
        name: 'Kedai Baru',
        person_name: 'Aisyah',
        person_email: 'aisyah@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    await phone.page.goto(`/dashboard/shops/knowledge?shopId=${fresh}`);
    await phone.page.getByText('You have not created any topics').waitFor();
    await phone.page.getByRole('button', { name: 'More actions' }).click();
    await phone.page.getByRole('menuitem', { name: 'Copy from another shop' }).click();
    await phone.page.getByRole('combobox', { name: 'Copy from' }).click();
    await phone.page.getByRole('option', { name: 'Kedai Comel', exact: true }).click();
    await phone.page.getByRole('listbox').waitFor({ state: 'detached' });
    await phone.page.getByTestId('copy-summary').getByText('Not copied:').waitFor();
    await phone.page
      .getByText('1 product information entry whose products Kedai Baru does not sell')
      .waitFor();
    await accessible(phone.page, 'the copy dialog at 390 px');
    await shot(phone.page, 'copy-390');
    await phone.page.keyboard.press('Escape');
    // A shop with topics already: spec §5's message, before any dialog.
    await phone.page.goto(`/dashboard/shops/knowledge?shopId=${website}`);
    await phone.page.getByRole('link', { name: /Sizes/ }).waitFor();
    await phone.page.getByRole('button', { name: 'More actions' }).click();
    await phone.page.getByRole('menuitem', { name: 'Copy from another shop' }).click();
    await phone.page.getByText('Please clear all existing data before performing this action').waitFor();
    await phone.page.getByRole('link', { name: /Sizes/ }).click();
    await phone.page.getByTestId('information-limit').waitFor();
    await shot(phone.page, 'topic-390');
    await phone.page.goto(`/dashboard/knowledge?shopId=${website}`);
    await phone.page.getByText('No files yet').waitFor();
    await accessible(phone.page, 'an empty file list at 390 px');
    await shot(phone.page, 'knowledge-empty-390');
    await phone.page.goto(`/dashboard/test/shopee?shopId=${lazada}`);
    await phone.page.getByLabel('Question').fill('Is the bamboo swaddle safe for newborn skin?');
    await phone.page.getByRole('button', { name: 'Ask' }).click();
    await phone.page.getByTestId('confidence').waitFor();
    await phone.page.getByText(`Product: ${swaddles[0]!.productInfo.name}`).first().waitFor();
    await shot(phone.page, 'simulator-390');
    await phone.context.close();
    await context.close();
  });

  it('answers a forgotten password with what was done: a link sent, if the address has an account', async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const { page, context } = await newPage(running.browser, running.server.url, viewport);
      await page.goto('/login');
      await page.getByRole('button', { name: /Forgot/ }).click();
      await page.getByLabel('Email').fill('nobody-here@example.com');
      await page.getByRole('button', { name: /Send|Reset/ }).click();
      await page
        .getByText(
          'If an account uses this email address, we have sent it a link to set a new password. The link works for 60 minutes.',
        )
        .waitFor();
      expect(await page.getByText(/successfully reset/i).count()).toBe(0);
      await accessible(page, `the forgot-password answer at ${viewport.width} px`);
      await shot(page, `forgot-${viewport.width}`);
      await context.close();
    }
  });
});
