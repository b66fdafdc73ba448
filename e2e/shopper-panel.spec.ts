import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';
import { until } from './support/until.ts';

const DEMO_SHOP = '947042923';
/** Nur Aisyah: her orders in the demo shop include one on its way. */
const BUYER = '880011';

const running = productAndBrowser();

interface DirectoryOrder {
  sn: string;
  shopId: string;
  buyerId: string;
  status: string;
}

/** What is drawn at the middle of the element: the element itself or something inside it, or what covers it. */
const onTop = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return false;
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && el.contains(hit);
  }, selector);

const focusInside = (page: Page, selector: string) =>
  page.evaluate((sel) => !!document.querySelector(sel)?.contains(document.activeElement), selector);

describe('the shopper panel', () => {
  it('opens above the full-screen chat on a phone and as a side panel at 1280 px; Escape and its close button close it', async () => {
    const url = running.server.url;
    const { page, context } = await newPage(running.browser, url);
    const { token } = await signedIn(page, url);
    const shopId = await connectShopee(url, token, DEMO_SHOP);
    const directory = await (await fetch(`${url}/sandbox/shopper/api/directory`)).json();
    const orders = (
      directory.platforms.find((p: { id: string }) => p.id === 'shopee').orders as DirectoryOrder[]
    ).filter((o) => o.shopId === DEMO_SHOP && o.buyerId === BUYER);
    const order = orders[0]!;
    // The shopper shares an order and asks about it.
    for (const [type, content] of [
      ['order', { order_sn: order.sn }],
      ['text', { text: 'Bila parcel ni sampai?' }],
    ] as const) {
      const res = await fetch(`${url}/sandbox/shopper/api/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ platform: 'shopee', shop: DEMO_SHOP, buyer: BUYER, type, content }),
      });
      expect(res.ok).toBe(true);
    }
    const { conversationId } = (await (
      await fetch(`${url}/sandbox/shopper/api/conversation?platform=shopee&shop=${DEMO_SHOP}&buyer=${BUYER}`)
    ).json()) as { conversationId: string };
    await until(
      () => apiCall<{ messages: unknown[] }>(url, token, 'GET', `/shopee/v1/${shopId}/${conversationId}`),
      (chat) => chat.messages.length >= 2,
    );
    await context.close();

    for (const width of [390, 1280]) {
      const { page, context } = await newPage(running.browser, url, { width, height: 844 });
      await page.goto('/');
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      await page.goto(`/inbox?view=all&shop=${shopId}`);
      const row = page.locator('[data-conversation-id]').filter({ hasText: /Nur Aisyah/ });
      await row.first().click();
      await page.getByRole('log', { name: 'Messages' }).getByText('Bila parcel ni sampai?').waitFor();

      const open = page.getByRole('button', { name: 'Shopper details' });
      await open.click();
      const sheet = page.getByRole('dialog', { name: 'Shopper' });
      await sheet.locator(`[data-order="${order.sn}"]`).waitFor();
      // Above the chat, not behind it, with the focus inside.
      const paper = '[role="dialog"][aria-modal="true"]';
      expect(await onTop(page, paper)).toBe(true);
      expect(await focusInside(page, paper)).toBe(true);
      const box = (await sheet.boundingBox())!;
      if (width === 390) {
        // A sheet from the bottom, the whole width, leaving the chat's top in view.
        expect(Math.round(box.x)).toBe(0);
        expect(Math.round(box.width)).toBe(390);
        expect(Math.round(box.y + box.height)).toBe(844);
        expect(box.y).toBeGreaterThan(0);
      } else {
        // A side panel: the right edge, the full height, the chat still in view beside it.
        expect(Math.round(box.x + box.width)).toBe(1280);
        expect(Math.round(box.y)).toBe(0);
        expect(Math.round(box.height)).toBe(844);
        expect(box.width).toBeLessThanOrEqual(400);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `test-results/shopper-panel-${width}.png` });
      await expectAccessible(page, `the shopper panel at ${width} px`);

      // Escape closes it and the focus returns to the button that opened it.
      await page.keyboard.press('Escape');
      await sheet.waitFor({ state: 'detached' });
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      // So does its close button, reached from the keyboard.
      await page.keyboard.press('Enter');
      await sheet.locator(`[data-order="${order.sn}"]`).waitFor();
      await sheet.getByRole('button', { name: 'Close shopper details' }).click();
      await sheet.waitFor({ state: 'detached' });
      expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
      await context.close();
    }
  });
});
