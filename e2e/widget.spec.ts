import { createServer, type Server } from 'node:http';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './support/browser.ts';
import { freePort, type RunningServer, startServer } from './support/server.ts';

let server: RunningServer;
let browser: Browser;
let thirdParty: Server;
let thirdPartyUrl: string;
let shopId: string;
let token: string;

async function api(path: string, body: unknown, token?: string) {
  const res = await fetch(`${server.url}/api${path}`, {
    method: body === undefined ? 'GET' : path.includes('/v1/') && !path.includes('gpt') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return (await res.json()) as { data: Record<string, string> };
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  const { data } = await api('/signup', {
    name: 'Mei',
    email: `w${Date.now()}@example.com`,
    password: 'correct horse',
    confirm: 'correct horse',
  });
  token = data.accessToken!;
  shopId = (
    await api(
      '/website',
      { name: 'My site', person_name: 'Mei', person_email: 'mei@example.com', person_phone: '012-345 6789' },
      token,
    )
  ).data.id!;
  const topic = (await api(`/shopee/${shopId}/gpt`, { name: 'Delivery' }, token)).data.id;
  await api(`/shopee/${shopId}/gpt/${topic}/information`, ['Delivery and shipping time questions'], token);
  await api(
    `/shopee/${shopId}/gpt/${topic}/response`,
    ['We deliver in Klang Valley within 2 working days.'],
    token,
  );
  await api(`/shopee/v1/${shopId}`, { defaultBotStatus: true }, token);
  // A plain third-party page on another origin, with its own styles, embedding the widget.
  const port = await freePort();
  thirdPartyUrl = `http://localhost:${port}`;
  thirdParty = createServer((_req, res) => {
    res.setHeader('content-type', 'text/html');
    res.end(`<!doctype html><html><head><style>button{background:red!important} *{font-family:serif}</style></head>
<body><h1>Ah Seng Hardware</h1><p>Welcome to our shop.</p>
<script src="${server.url}/widget.js" data-shop="${shopId}" async></script></body></html>`);
  });
  await new Promise<void>((r) => thirdParty.listen(port, '127.0.0.1', r));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((r) => thirdParty?.close(r));
});

describe('website widget', () => {
  it('opens from its button on a third-party page, answers, keeps history and adds one global', async () => {
    const { page, context } = await newPage(browser, thirdPartyUrl.replace('localhost', '127.0.0.1'));
    await page.goto('/');
    const button = page.getByRole('button', { name: 'Open chat' });
    await button.waitFor();
    expect(await page.evaluate(() => Object.keys(window).filter((k) => k.startsWith('Balas')))).toEqual([
      'BalasWidget',
    ]);
    const layoutBefore = await page.evaluate(() => document.body.scrollHeight);
    await button.click();
    const panel = page.frameLocator('iframe[title="Chat with us"]');
    await panel.getByLabel('Your message').fill('how long is delivery in Klang Valley?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText('We deliver in Klang Valley within 2 working days.').waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => document.body.scrollHeight)).toBe(layoutBefore);
    await page.screenshot({ path: 'test-results/widget-open.png' });
    await page.keyboard.press('Escape');
    await page.reload();
    await page.getByRole('button', { name: 'Open chat' }).click();
    await page
      .frameLocator('iframe[title="Chat with us"]')
      .getByText('We deliver in Klang Valley within 2 working days.')
      .waitFor();
    await context.close();
  });

  it("hands over to a person, and the merchant's reply arrives while the panel is open", async () => {
    const { page, context } = await newPage(browser, thirdPartyUrl.replace('localhost', '127.0.0.1'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Open chat' }).click();
    const panel = page.frameLocator('iframe[title="Chat with us"]');
    await panel.getByLabel('Your message').fill('Can I talk to a real person please?');
    await panel.getByRole('button', { name: 'Send' }).click();
    await panel.getByText(/A staff member will reply to you here shortly/).waitFor({ timeout: 10_000 });
    // The visitor closes the chat; the reply that comes meanwhile shows as a count on the button.
    // The panel's history reads are held until the shop has replied, so a read taken while the
    // panel closes already holds the reply: it must still count as unread.
    let replyPosted = () => {};
    const posted = new Promise<void>((resolve) => {
      replyPosted = resolve;
    });
    await context.route(/\/api\/website\/v1\/[^/]+\/[A-Za-z0-9]{12}$/, async (route) => {
      await posted;
      await route.continue();
    });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Open chat' }).waitFor();

    const list = await fetch(`${server.url}/api/shopee/v1/${shopId}?page_size=20`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const { conversations } = (
      (await list.json()) as {
        data: { conversations: { conversation_id: string; latest_message_content: { text?: string } }[] };
      }
    ).data;
    const chat = conversations.find((c) =>
      /talk to a real person|staff member/.test(c.latest_message_content.text ?? ''),
    )!;
    const reply = await fetch(`${server.url}/api/shopee/v1/${shopId}/${chat.conversation_id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Hi, this is Mei from the shop. How can I help?' }),
    });
    expect(reply.status).toBe(200);
    replyPosted();
    await page.locator('[data-balas-widget] .badge').filter({ hasText: '1' }).waitFor({ timeout: 40_000 });
    await page.getByRole('button', { name: 'Open chat' }).click();
    await panel.getByText('Hi, this is Mei from the shop. How can I help?').waitFor({ timeout: 10_000 });
    expect(await page.locator('[data-balas-widget] .badge').isVisible()).toBe(false);
    await page.screenshot({ path: 'test-results/widget-merchant-reply.png' });
    await context.close();
  });

  it('is a full-screen panel on a phone', async () => {
    const { page, context } = await newPage(browser, thirdPartyUrl.replace('localhost', '127.0.0.1'), {
      width: 390,
      height: 844,
    });
    await page.goto('/');
    await page.getByRole('button', { name: 'Open chat' }).click();
    const box = await page.locator('iframe[title="Chat with us"]').boundingBox();
    expect(box?.width).toBe(390);
    await page.screenshot({ path: 'test-results/widget-mobile.png' });
    await context.close();
  });
});
