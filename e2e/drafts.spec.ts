import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

// Draft mode and the handover summary as a merchant uses them (issues 28.3, 28.5): the draft mode
// dialog, the Drafts view with its count, a draft in the chat's composer (edit and send, discard),
// and the summary at the top of a chat handed over in Malay.

const running = productAndBrowser();
const shots = process.env.SHOTS_DIR ?? 'test-results';

async function visitorAsks(baseUrl: string, shopId: string, sessionId: string, query: string) {
  const res = await fetch(`${baseUrl}/api/website/v1/${shopId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, sessionId }),
  });
  if (!res.ok) throw new Error(`the widget answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: { response: string } };
}

const row = (page: Page, name: string) => page.locator('[data-conversation-id]').filter({ hasText: name });
const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });

describe('draft mode in the inbox', () => {
  it('sets draft mode, approves an edited draft, discards another, and shows the handover summary, at 1280 and 390 px', async () => {
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
    const topic = await call<{ id: string }>('POST', `/shopee/${shopId}/gpt`, { name: 'Delivery' });
    await call('POST', `/shopee/${shopId}/gpt/${topic.id}/response`, [
      'Orders within West Malaysia arrive in 1 to 3 working days. Sabah and Sarawak take 4 to 7 working days.',
      'Cash on delivery (COD) is available for orders within West Malaysia.',
    ]);
    await call('PUT', `/shopee/v1/${shopId}`, { defaultBotStatus: true });

    // The merchant turns draft mode on for the shop: every answer waits for approval.
    await page.goto('/inbox');
    await page.getByRole('button', { name: 'Draft mode' }).click();
    const dialog = page.getByRole('dialog', { name: 'Draft mode' });
    await dialog.getByRole('radio', { name: 'Only when unsure' }).check();
    await dialog.getByRole('slider').waitFor();
    // The radios' and the Save button's transitions end before the picture.
    await dialog.getByRole('button', { name: 'Save' }).waitFor();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `${shots}/drafts-settings-1280.png` });
    await expectAccessible(page, 'Draft mode dialog, 1280 px');
    await dialog.getByRole('radio', { name: /^Always/ }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Draft mode saved').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    // Two visitors ask: nothing reaches them; both chats wait in Drafts.
    const sabah = await visitorAsks(
      server.url,
      shopId,
      'sabah0000001',
      'How long does delivery to Sabah take?',
    );
    expect(sabah.data.response).toBe('');
    const penang = await visitorAsks(server.url, shopId, 'penang000001', 'Do you ship to Penang?');
    expect(penang.data.response).toBe('');
    await page.goto('/inbox?view=drafts');
    await tab(page, /^Drafts · 2$/).waitFor();
    await row(page, 'Visitor saba').click();
    const draft = page.getByRole('region', { name: 'Draft by the chatbot' });
    await draft.getByText(/working days/).waitFor();
    await page.screenshot({ path: `${shots}/drafts-composer-1280.png` });
    await expectAccessible(page, 'Inbox, a draft in the chat, 1280 px');

    // Edit and send: the visitor gets the edited reply; the chat waits on them.
    await draft.getByRole('button', { name: 'Edit' }).click();
    await draft.getByLabel('Edit the draft').fill('Hi! Sabah takes 4 to 7 working days.');
    await draft.getByRole('button', { name: 'Send edited' }).click();
    await page
      .getByRole('log', { name: 'Messages' })
      .getByText('Hi! Sabah takes 4 to 7 working days.')
      .waitFor();
    await draft.waitFor({ state: 'detached' });
    await tab(page, /^Drafts · 1$/).waitFor();

    // Discard the other: nothing sent, the visitor now needs a person.
    await row(page, 'Visitor pena').click();
    await page
      .getByRole('region', { name: 'Draft by the chatbot' })
      .getByRole('button', { name: 'Discard' })
      .click();
    await page.getByText('Draft discarded').waitFor();
    await tab(page, /^Drafts$/).waitFor();
    await tab(page, /^Needs you · 1$/).waitFor();

    // A Malay visitor writes three times; the bot hands over what it cannot answer: the summary tops the chat.
    await call('PUT', `/inbox/draft-modes/${shopId}`, { mode: 'off' });
    await visitorAsks(server.url, shopId, 'malay0000001', 'Berapa lama penghantaran ke Sabah?');
    await visitorAsks(server.url, shopId, 'malay0000001', 'Boleh bayar COD tak?');
    await visitorAsks(
      server.url,
      shopId,
      'malay0000001',
      'Saya nak cakap dengan orang sebenar, barang saya rosak',
    );
    await page.goto('/inbox?view=needs_you');
    await row(page, 'Visitor mala').click();
    const summary = page.getByRole('region', { name: 'Handover summary' });
    await summary.getByText('Boleh bayar COD tak?').waitFor();
    await summary.getByText('Written in Malay').waitFor();
    await page.screenshot({ path: `${shots}/drafts-summary-1280.png` });
    await expectAccessible(page, 'Inbox, handover summary, 1280 px');

    // On a phone: the Drafts view and the summary fit.
    await call('PUT', `/inbox/draft-modes/${shopId}`, { mode: 'always' });
    await visitorAsks(server.url, shopId, 'sarawak00001', 'Do you deliver to Sarawak?');
    // Stored as a draft (the widget's answer is empty): listed in Drafts.
    const rows = await call<{ shopperName: string; state: string; views: string[] }[]>(
      'GET',
      `/inbox/conversations?view=all&shopId=${shopId}`,
    );
    expect(rows.find((r) => r.shopperName === 'Visitor sara')?.views).toContain('drafts');
    const phone = await newPage(browser, server.url, { width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.evaluate((t) => localStorage.setItem('token', t), token);
    await phone.page.goto('/inbox?view=drafts');
    await row(phone.page, 'Visitor sara').click();
    await phone.page
      .getByRole('region', { name: 'Draft by the chatbot' })
      .getByText(/working days|Sarawak/)
      .waitFor();
    await phone.page.screenshot({ path: `${shots}/drafts-composer-390.png` });
    await expectAccessible(phone.page, 'Inbox, a draft in the chat, 390 px');
    await phone.page.goto('/inbox?view=needs_you');
    await row(phone.page, 'Visitor mala').click();
    await phone.page
      .getByRole('region', { name: 'Handover summary' })
      .getByText('Boleh bayar COD tak?')
      .waitFor();
    await phone.page.screenshot({ path: `${shots}/drafts-summary-390.png` });
    await expectAccessible(phone.page, 'Inbox, handover summary, 390 px');
    await phone.context.close();
    await context.close();
  }, 360_000);
});
