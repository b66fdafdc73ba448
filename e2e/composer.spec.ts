import * as zlib from 'node:zlib';
import { deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall, connectShopee } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const DEMO_SHOP = '947042923';
/** Rajesh Kumar: a buyer of the demo shop. */
const BUYER = '880033';
const SHOTS = '/tmp/shots-composer';

const running = productAndBrowser();

/** A real PNG (a warm gradient), for the picture the merchant sends. */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++)
      rows.set([240, 120 + Math.round((x / width) * 100), Math.min(255, 60 + y)], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    // Not there yet may also be an error (a conversation the pushes have not brought yet).
    const value = await read().catch((e: Error) => e);
    if (!(value instanceof Error) && ok(value)) return value;
    if (Date.now() > deadline)
      throw value instanceof Error
        ? value
        : new Error(`still not there: ${JSON.stringify(value).slice(0, 300)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const shopperSees = async () =>
  (await (
    await fetch(
      `${running.server.url}/sandbox/shopper/api/conversation?platform=shopee&shop=${DEMO_SHOP}&buyer=${BUYER}`,
    )
  ).json()) as {
    conversationId: string;
    messages: { from: string; type: string; content: Record<string, unknown> }[];
  };

async function shot(page: Page, name: string) {
  // A dialog fades in: its picture is taken (and its colours checked) once it has.
  await page.waitForTimeout(400);
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the composer', () => {
  it('sends a product card and a picture from the reply box on a phone, and shows them in the chat', async () => {
    const { page, context } = await newPage(running.browser, running.server.url, { width: 390, height: 844 });
    const { token } = await signedIn(page, running.server.url);
    const shopId = await connectShopee(running.server.url, token, DEMO_SHOP);
    await fetch(`${running.server.url}/sandbox/shopper/api/send`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        platform: 'shopee',
        shop: DEMO_SHOP,
        buyer: BUYER,
        type: 'text',
        content: { text: 'Ada gambar romper ni?' },
      }),
    });
    const { conversationId } = await shopperSees();
    await waitFor(
      () =>
        apiCall<{ messages: unknown[] }>(
          running.server.url,
          token,
          'GET',
          `/shopee/v1/${shopId}/${conversationId}`,
        ),
      (chat) => chat.messages.length > 0,
    );
    // The catalogue is in once the first sync is done.
    await waitFor(
      () => apiCall<unknown[]>(running.server.url, token, 'GET', `/shopee/v1/${shopId}/search?search=romper`),
      (found) => found.length > 0,
    );
    const chatUrl = `/chat/shopee/${shopId}/${conversationId}?name=Rajesh%20Kumar&id=${BUYER}`;
    await page.goto(chatUrl);
    const log = page.getByRole('log', { name: 'Messages' });
    await log.getByText('Ada gambar romper ni?').waitFor({ timeout: 15_000 });
    await shot(page, 'composer-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // A product card, picked from the catalogue by searching.
    await page.getByRole('button', { name: 'Send a product' }).click();
    const picker = page.getByRole('dialog', { name: 'Send a product' });
    await picker.getByRole('list', { name: 'Send a product' }).waitFor();
    await shot(page, 'product-picker-390');
    await expectAccessible(page, 'product picker on a phone');
    await picker.getByRole('textbox', { name: 'Search the shop’s products' }).fill('romper');
    const romper = picker.getByRole('button', { name: /Cotton Baby Romper/ });
    await romper.waitFor();
    await shot(page, 'product-picker-search-390');
    await romper.click();
    await picker.waitFor({ state: 'detached' });
    const card = log.getByRole('group', { name: 'Cotton Baby Romper' }).last();
    await card.waitFor({ timeout: 15_000 });
    await card.getByText(/in stock$/).waitFor();

    // A picture, chosen from disk: previewed, then sent.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'romper-mint.png',
      mimeType: 'image/png',
      buffer: png(320, 240),
    });
    const preview = page.getByRole('dialog', { name: 'Send this picture?' });
    await preview.getByRole('img', { name: 'The picture to send' }).waitFor();
    await preview.getByText(/JPEG, PNG or GIF, up to 2 MB/).waitFor();
    await shot(page, 'image-preview-390');
    await expectAccessible(page, 'picture preview on a phone');
    await preview.getByRole('button', { name: 'Send' }).click();
    await preview.waitFor({ state: 'detached' });
    const sent = log.getByRole('img', { name: 'Image sent in the chat' }).last();
    await sent.waitFor({ timeout: 15_000 });
    await waitFor(
      () => sent.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      (w) => w === 320,
    );
    await page.getByText('Sending…').waitFor({ state: 'detached' });
    await shot(page, 'chat-sent-390');
    await expectAccessible(page, 'chat with the sent card and picture');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The shopper got both, as Shopee's item and image messages.
    const seen = await waitFor(shopperSees, (c) => c.messages.filter((m) => m.from === 'shop').length >= 2);
    const mine = seen.messages.filter((m) => m.from === 'shop').slice(-2);
    expect(mine.map((m) => m.type)).toEqual(['item', 'image']);

    // A picture too large is refused before anything is uploaded.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([png(2, 2), Buffer.alloc(2 * 1024 * 1024)]),
    });
    const refused = page.getByRole('dialog', { name: 'Send this picture?' });
    await refused.getByText(/Pictures can be at most 2 MB/).waitFor();
    expect(await refused.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    await shot(page, 'image-too-large-390');
    await refused.getByRole('button', { name: 'Cancel' }).click();

    // The running vouchers.
    await page.getByRole('button', { name: 'Send a voucher' }).click();
    const vouchers = page.getByRole('dialog', { name: 'Send a voucher' });
    await vouchers.getByText('COMEL5').waitFor();
    await shot(page, 'voucher-picker-390');
    await expectAccessible(page, 'voucher picker on a phone');
    await vouchers.getByRole('button', { name: 'Close' }).click();
    await context.close();

    // The same on a wide screen: the composer, its pickers, and an order sent from the shopper panel.
    const wide = await newPage(running.browser, running.server.url);
    await wide.page.goto('/');
    await wide.page.evaluate((t) => localStorage.setItem('token', t), token);
    await wide.page.goto(chatUrl);
    await wide.page.getByRole('log', { name: 'Messages' }).getByText('Ada gambar romper ni?').waitFor();
    await shot(wide.page, 'composer-1280');
    await wide.page.getByRole('button', { name: 'Send a product' }).click();
    await wide.page.getByRole('dialog', { name: 'Send a product' }).getByRole('list').waitFor();
    await shot(wide.page, 'product-picker-1280');
    await wide.page.keyboard.press('Escape');
    await wide.page.getByRole('button', { name: 'Send a voucher' }).click();
    await wide.page.getByRole('dialog', { name: 'Send a voucher' }).getByText('COMEL5').waitFor();
    await shot(wide.page, 'voucher-picker-1280');
    await wide.page.keyboard.press('Escape');
    await wide.page.locator('input[type="file"]').setInputFiles({
      name: 'romper-mint.png',
      mimeType: 'image/png',
      buffer: png(320, 240),
    });
    await wide.page.getByRole('dialog', { name: 'Send this picture?' }).getByRole('img').waitFor();
    await shot(wide.page, 'image-preview-1280');
    await wide.page.keyboard.press('Escape');
    const panel = wide.page.getByRole('complementary', { name: 'Shopper' });
    const send = panel.getByRole('button', { name: /^Send order .* to the chat$/ }).first();
    await send.waitFor({ timeout: 15_000 });
    await send.click();
    const order = wide.page
      .getByRole('log', { name: 'Messages' })
      .getByRole('group', { name: /^Order / })
      .last();
    await order.getByRole('link', { name: 'Open in Shopee Seller Centre' }).waitFor({ timeout: 15_000 });
    await shot(wide.page, 'order-sent-1280');
    await expectAccessible(wide.page, 'chat with the composer');
    await wide.context.close();
  });

  it("shows the shop's picture in the website widget", async () => {
    const { page, context } = await newPage(running.browser, running.server.url, { width: 390, height: 700 });
    const { token } = await signedIn(page, running.server.url);
    const shopId = (
      await apiCall<{ id: string }>(running.server.url, token, 'POST', '/website', {
        name: 'Batik Lane',
        person_name: 'Mei',
        person_email: 'mei@example.com',
        person_phone: '012-345 6789',
      })
    ).id;
    // The visitor's session, as the widget keeps it, and their question.
    const session = 'Visitor12345';
    await page.goto(`/widget/index.html?shop=${shopId}`);
    await page.evaluate((s) => localStorage.setItem('chatSession', s), session);
    await fetch(`${running.server.url}/api/website/v1/${shopId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Can I see the blue one?', sessionId: session }),
    });
    // The merchant uploads a picture and sends it into that chat.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png(320, 240))], { type: 'image/png' }), 'blue.png');
    const uploaded = await fetch(`${running.server.url}/api/shopee/v1/${shopId}/chat-images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const { data: image } = (await uploaded.json()) as { data: { imageId: string } };
    await apiCall(running.server.url, token, 'POST', `/shopee/v1/${shopId}/${session}`, {
      type: 'image',
      content: { imageId: image.imageId },
    });
    await page.goto(`/widget/index.html?shop=${shopId}`);
    const picture = page.getByRole('img', { name: 'Sent by the shop' });
    await picture.waitFor({ timeout: 15_000 });
    await waitFor(
      () => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth),
      (w) => w === 320,
    );
    await shot(page, 'widget-picture-390');
    await expectAccessible(page, 'widget with a picture from the shop');
    await context.close();
  });
});
