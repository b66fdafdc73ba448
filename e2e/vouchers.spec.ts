import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const DEMO_SHOP = '947042923';
const BUYER = '880022';

const running = productAndBrowser();

async function shopperSend(type: 'text' | 'order', content: Record<string, string>) {
  const res = await fetch(`${running.server.url}/sandbox/shopper/api/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'shopee', shop: DEMO_SHOP, buyer: BUYER, type, content }),
  });
  if (!res.ok) throw new Error(await res.text());
}

async function shopReplies() {
  const res = await fetch(
    `${running.server.url}/sandbox/shopper/api/conversation?platform=shopee&shop=${DEMO_SHOP}&buyer=${BUYER}`,
  );
  const { messages } = (await res.json()) as { messages: { from: string; content: { text?: string } }[] };
  return messages.filter((m) => m.from === 'shop').map((m) => m.content.text ?? '');
}

describe('vouchers in the browser', () => {
  it('offers a topic voucher to a shopper; the merchant reviews, searches and exports it', async () => {
    const { page } = await newPage(running.browser, running.server.url);
    const { token } = await signedIn(page, running.server.url);
    const shopId = await connectShopee(running.server.url, token, DEMO_SHOP);
    await apiCall(running.server.url, token, 'PUT', `/shopee/v1/${shopId}`, { defaultBotStatus: true });
    const topic = await apiCall<{ id: string }>(running.server.url, token, 'POST', `/shopee/${shopId}/gpt`, {
      name: 'Vouchers',
    });
    await apiCall(running.server.url, token, 'POST', `/shopee/${shopId}/gpt/${topic.id}/information`, [
      'Questions about vouchers, discount codes, coupons and promotions.',
    ]);
    await apiCall(running.server.url, token, 'POST', `/shopee/${shopId}/gpt/${topic.id}/response`, [
      'We run shop vouchers for our customers: apply the voucher code at checkout to get the discount.',
    ]);

    // The merchant picks a running voucher on the topic's page.
    await page.goto(`/dashboard/topic/${topic.id}?shopId=${shopId}`);
    await page.getByRole('heading', { name: 'Voucher offer' }).waitFor();
    await page.getByRole('combobox', { name: 'Voucher' }).click();
    await page.getByRole('option', { name: /COMEL5/ }).click();
    await page.getByRole('combobox', { name: 'Voucher' }).filter({ hasText: 'COMEL5' }).waitFor();
    await page.screenshot({ path: 'test-results/topic-voucher.png', fullPage: true });

    // A shopper shares an order and asks for a discount: the bot answers with the voucher.
    const directory = await (await fetch(`${running.server.url}/sandbox/shopper/api/directory`)).json();
    const order = directory.platforms
      .find((p: { id: string }) => p.id === 'shopee')
      .orders.find(
        (o: { shopId: string; buyerId: string }) => o.shopId === DEMO_SHOP && o.buyerId === BUYER,
      ) as {
      sn: string;
      items: string[];
    };
    await shopperSend('order', { order_sn: order.sn });
    await shopperSend('text', { text: 'Do you have any voucher or discount code?' });
    await expect
      .poll(async () => (await shopReplies()).join('\n'), { timeout: 15_000 })
      .toMatch(/Use code COMEL5 at checkout/);

    // The merchant turns the Vouchers page on for this shop and opens it from the menu.
    await page.goto(`/dashboard/shops/shopee/${shopId}`);
    await page.getByRole('switch', { name: /Vouchers page/ }).click();
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Saved').waitFor();
    await page.getByRole('link', { name: 'Vouchers', exact: true }).click();
    await page.waitForURL(`**/dashboard/vouchers/${shopId}`);
    const card = page.locator('.MuiCard-root').filter({ hasText: 'Tan Mei Ling' });
    await card.waitFor();
    await card.getByText(`Order ${order.sn}: ${order.items.join(', ')}`).waitFor();
    await card.getByText(/Use code COMEL5 at checkout/).waitFor();
    expect(await card.getByText(/^Sent at \d{1,2}-[A-Z][a-z]{2} \d{1,2}:\d{2}(am|pm)$/).count()).toBe(1);
    await page.screenshot({ path: 'test-results/vouchers.png', fullPage: true });

    // Search narrows the list; a search that matches nothing says so.
    const search = page.getByPlaceholder('Search username, order ID...');
    await search.fill(order.sn.slice(0, 8));
    await page.getByRole('button', { name: 'Filter' }).click();
    await card.waitFor();
    await search.fill('nobody-like-this');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('No matching records found').waitFor();
    await search.fill('');
    await page.getByRole('button', { name: 'Filter' }).click();
    await card.waitFor();

    // Export downloads the filtered entries as CSV, authorized with the merchant's token.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export' }).click(),
    ]);
    const csv = await readFile(String(await download.path()), 'utf8');
    expect(csv).toContain(order.sn);
    expect(csv).toContain('Tan Mei Ling');
    expect(csv.split('Tan Mei Ling')).toHaveLength(2);
    expect(csv.split('\n')[0]).toMatch(/username/i);

    // Phone width: the filters stack and the card stays readable.
    await page.setViewportSize({ width: 400, height: 800 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(400);
    await page.screenshot({ path: 'test-results/vouchers-mobile.png', fullPage: true });
  });
});
