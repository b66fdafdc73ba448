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
const ROMPER = '2300100101';

const running = productAndBrowser();

interface DirectoryOrder {
  sn: string;
  shopId: string;
  buyerId: string;
  status: string;
  total: string;
  items: string[];
}

async function shopperSend(type: 'text' | 'order' | 'item' | 'sticker', content: Record<string, string>) {
  const res = await fetch(`${running.server.url}/sandbox/shopper/api/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ platform: 'shopee', shop: DEMO_SHOP, buyer: BUYER, type, content }),
  });
  if (!res.ok) throw new Error(await res.text());
}

describe('order and product cards in the chat', () => {
  it('shows a shared order and product as cards, and the shopper panel lists the buyer’s orders', async () => {
    const { page } = await newPage(running.browser, running.server.url);
    const { token } = await signedIn(page, running.server.url);
    const shopId = await connectShopee(running.server.url, token, DEMO_SHOP);

    const directory = await (await fetch(`${running.server.url}/sandbox/shopper/api/directory`)).json();
    const orders = (
      directory.platforms.find((p: { id: string }) => p.id === 'shopee').orders as DirectoryOrder[]
    ).filter((o) => o.shopId === DEMO_SHOP && o.buyerId === BUYER);
    const shipped = orders.find((o) => o.status === 'to receive')!;
    expect(shipped).toBeDefined();

    // The shopper shares the order and a product, asks, and sends a sticker.
    await shopperSend('order', { order_sn: shipped.sn });
    await shopperSend('item', { item_id: ROMPER });
    await shopperSend('text', { text: 'Bila sampai? And do you have this in 6-12M?' });
    await shopperSend('sticker', { sticker_id: '1002' });
    const { conversationId } = (await (
      await fetch(
        `${running.server.url}/sandbox/shopper/api/conversation?platform=shopee&shop=${DEMO_SHOP}&buyer=${BUYER}`,
      )
    ).json()) as { conversationId: string };
    // The pushes are stored as jobs: wait until the chat holds all four.
    await until(
      () =>
        apiCall<{ messages: unknown[] }>(
          running.server.url,
          token,
          'GET',
          `/shopee/v1/${shopId}/${conversationId}`,
        ),
      (chat) => chat.messages.length >= 4,
    );

    await page.goto(`/chat/shopee/${shopId}/${conversationId}?name=Nur%20Aisyah&id=${BUYER}`);
    const log = page.getByRole('log', { name: 'Messages' });

    // The order card: status in the merchant's words, total, items, tracking, seller centre link.
    const card = log.getByRole('group', { name: `Order ${shipped.sn}` });
    await card.getByText('Shipped').waitFor({ timeout: 15_000 });
    await card.getByText(shipped.items[0]!).waitFor();
    await card.getByText(/^SPXMY0\d{11}$/).waitFor();
    await card
      .getByText(new RegExp(`^RM\\s${shipped.total.replace('RM', '').replace('.', '\\.')}$`))
      .waitFor();
    expect(await card.getByRole('link', { name: 'Open in Shopee Seller Centre' }).getAttribute('href')).toBe(
      `https://seller.shopee.com.my/portal/sale/order?search=${shipped.sn}`,
    );
    expect(await card.getByRole('img').first().getAttribute('loading')).toBe('lazy');

    // The product card: picture, name, price range over the variations, stock; each variation's price.
    // (The seeded chat may hold the same product earlier: the one just shared is the last.)
    const product = log.getByRole('group', { name: 'Cotton Baby Romper' }).last();
    await product.waitFor();
    await product.getByText(/^RM\s\d+\.\d{2} – RM\s\d+\.\d{2}$/).waitFor();
    await product.getByText(/in stock$/).waitFor();
    await product.getByRole('button', { name: '6 variations' }).click();
    const variations = log.getByRole('list', { name: '6 variations' });
    await variations.getByText('6-12M / Mint').waitFor();
    expect(await variations.getByRole('listitem').count()).toBe(6);

    // Stickers are pictures with their alt text.
    await log.getByRole('img', { name: 'Sticker' }).waitFor();
    await page.screenshot({ path: 'test-results/order-cards-1280.png' });

    // The shopper panel beside the chat: the buyer's recent orders in this shop with their status.
    const panel = page.getByRole('complementary', { name: 'Shopper' });
    for (const o of orders) await panel.locator(`[data-order="${o.sn}"]`).waitFor();
    expect(await panel.locator('[data-order]').count()).toBe(orders.length);
    await panel.locator(`[data-order="${shipped.sn}"]`).getByText('Shipped').waitFor();
    await panel.getByRole('group', { name: 'Cotton Baby Romper' }).first().waitFor();
    await expectAccessible(page, 'chat with cards and the shopper panel');

    // On a phone the panel is a sheet opened from the chat's header.
    const phone = await newPage(running.browser, running.server.url, { width: 390, height: 844 });
    await phone.page.goto('/');
    await phone.page.evaluate((t) => localStorage.setItem('token', t), token);
    await phone.page.goto(`/chat/shopee/${shopId}/${conversationId}?name=Nur%20Aisyah&id=${BUYER}`);
    await phone.page
      .getByRole('group', { name: `Order ${shipped.sn}` })
      .getByText('Shipped')
      .waitFor()
      .catch(async (e) => {
        await phone.page.screenshot({ path: 'test-results/order-cards-390-failed.png' });
        throw e;
      });
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.page.screenshot({ path: 'test-results/order-cards-390.png' });
    await phone.page.getByRole('button', { name: 'Shopper details' }).click();
    const sheet = phone.page.getByRole('dialog');
    await sheet.locator(`[data-order="${shipped.sn}"]`).waitFor();
    await phone.page.screenshot({ path: 'test-results/shopper-sheet-390.png' });
    await expectAccessible(phone.page, 'shopper sheet');
    await sheet.getByRole('button', { name: 'Close shopper details' }).click();
    await phone.context.close();

    // The simulator shows the product an answer was drawn from as a card (once the catalogue is in).
    await until(
      () => apiCall<unknown[]>(running.server.url, token, 'GET', `/shopee/v1/${shopId}/search?search=busy`),
      (found) => found.length > 0,
    );
    await page.goto(`/dashboard/test/shopee?shopId=${shopId}`);
    await page.getByLabel('Question').fill('How much is the Wooden Busy Board?');
    await page.getByRole('button', { name: 'Ask' }).click();
    await page.getByTestId('simulator-answer').waitFor();
    const simulated = page.getByRole('group', { name: 'Wooden Busy Board' });
    await simulated
      .getByText('RM\u00a0119.00')
      .or(simulated.getByText(/^RM\s119\.00$/))
      .first()
      .waitFor();
    await page.screenshot({ path: 'test-results/simulator-product-card.png' });
  });
});
