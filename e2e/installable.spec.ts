import { createECDH, randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type PushSettings, pushWords, themePrimary } from '@balas/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/axe.ts';
import { newPage } from './support/browser.ts';
import { signedIn } from './support/session.ts';
import { apiCall } from './support/shops.ts';
import { productAndBrowser } from './support/suite.ts';

const running = productAndBrowser();
const shots = '/tmp/shots-push';

// A local push service standing in for the browser's (Google's, Mozilla's, Apple's): it records the
// pushes the server sends to the subscription the page makes.
const received: { path: string; headers: IncomingHttpHeaders; bytes: number }[] = [];
const pushService = createServer((req, res) => {
  let bytes = 0;
  req.on('data', (c: Buffer) => {
    bytes += c.length;
  });
  req.on('end', () => {
    received.push({ path: req.url ?? '', headers: req.headers, bytes });
    res.writeHead(201).end();
  });
});
let pushOrigin = '';
beforeAll(async () => {
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
  mkdirSync(shots, { recursive: true });
});
afterAll(() => new Promise((done) => pushService.close(done)));

/** PNG width and height from its header. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

/**
 * Headless Chromium has no push service to reach here: the page's `pushManager.subscribe` answers a
 * subscription at the local push service, with real P-256 keys, as a browser's would look.
 */
async function fakeBrowserPushService(page: Page) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const keys = {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  await page.addInitScript(
    ({ endpoint, keys }) => {
      const fake = {
        endpoint,
        toJSON: () => ({ endpoint, keys }),
        unsubscribe: async () => {
          localStorage.removeItem('fake-push-subscribed');
          return true;
        },
      };
      // Kept across reloads, as a browser keeps its subscription.
      PushManager.prototype.subscribe = async () => {
        localStorage.setItem('fake-push-subscribed', '1');
        return fake as unknown as PushSubscription;
      };
      PushManager.prototype.getSubscription = async () =>
        (localStorage.getItem('fake-push-subscribed') ? fake : null) as unknown as PushSubscription | null;
    },
    { endpoint: `${pushOrigin}/device/phone`, keys },
  );
}

describe('the installable dashboard and its push notifications', () => {
  it('serves the manifest, icons and service worker; works offline; the opt-in asks on the click and pushes a chat that needs the merchant', async () => {
    const { server, browser } = running;

    // The manifest, as an installing browser reads it.
    const manifestRes = await fetch(`${server.url}/manifest.webmanifest`);
    expect(manifestRes.status).toBe(200);
    expect(manifestRes.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    const manifest = (await manifestRes.json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'Balas',
      start_url: '/inbox',
      display: 'standalone',
      theme_color: themePrimary,
    });
    expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const res = await fetch(`${server.url}${icon.src}`);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(pngSize(Buffer.from(await res.arrayBuffer()))).toEqual(icon.sizes.split('x').map(Number));
    }
    const worker = await fetch(`${server.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');

    const { page, context } = await newPage(browser, server.url);
    await fakeBrowserPushService(page);
    const { token } = await signedIn(page, server.url);
    const call = <T>(method: string, path: string, body?: unknown) =>
      apiCall<T>(server.url, token, method, path, body);
    const shop = await call<{ id: string }>('POST', '/website', {
      name: 'Kedai Nurul',
      person_name: 'Nurul',
      person_email: 'nurul@example.com',
      person_phone: '012-345 6789',
    });

    // The page names its manifest, and the service worker takes control after the load.
    await page.goto('/inbox');
    await page.locator('main h1').first().waitFor();
    expect(
      await page.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel="manifest"]')?.href),
    ).toBe(`${server.url}/manifest.webmanifest`);
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    // Offline: the dashboard's shell opens from the cache, any other address gets the offline page.
    await context.setOffline(true);
    await page.goto('/inbox');
    await page.locator('#root').waitFor();
    expect(await page.title()).toMatch(/Balas/);
    await page.goto('/terms');
    await page.getByRole('heading', { name: pushWords.offlineTitle }).waitFor();
    await expectAccessible(page, 'offline page');
    await page.screenshot({ path: `${shots}/offline-1280.png` });
    await context.setOffline(false);

    // The opt-in on the account page: nothing is asked of the browser before the click.
    let asked = 0;
    await context.exposeFunction('permissionAsked', () => {
      asked += 1;
    });
    await page.addInitScript(() => {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = async () => {
        await (window as unknown as { permissionAsked(): Promise<void> }).permissionAsked();
        return ask();
      };
    });
    await context.grantPermissions(['notifications'], { origin: server.url });
    await page.goto('/dashboard/account');
    const card = page.getByRole('region', { name: pushWords.title });
    const turnOn = card.getByRole('button', { name: pushWords.turnOn });
    await turnOn.waitFor();
    await page.waitForLoadState('networkidle');
    expect(asked).toBe(0);
    await expectAccessible(page, '/dashboard/account notifications');
    await card.screenshot({ path: `${shots}/opt-in-off-1280.png` });

    await turnOn.click();
    await card.getByRole('status').filter({ hasText: pushWords.on }).waitFor();
    expect(asked).toBe(1);
    const settings = await call<PushSettings>('GET', '/push');
    expect(settings).toMatchObject({ devices: 1, shopIds: [shop.id] });

    // Quiet hours, saved in the merchant's time zone.
    await card.getByLabel(pushWords.quiet, { exact: true }).check();
    await card.getByLabel(pushWords.quietFrom).fill('23:00');
    await card.getByLabel(pushWords.quietTo).fill('07:00');
    await card.getByRole('button', { name: pushWords.save }).click();
    await card.getByRole('status').filter({ hasText: pushWords.saved }).waitFor();
    expect((await call<PushSettings>('GET', '/push')).quietHours).toEqual({ start: '23:00', end: '07:00' });
    await expectAccessible(page, '/dashboard/account notifications on');
    await card.screenshot({ path: `${shots}/opt-in-1280.png` });
    // Back to no quiet hours, so the push below is not held back whatever the hour.
    await card.getByLabel(pushWords.quiet, { exact: true }).uncheck();
    await card.getByRole('button', { name: pushWords.save }).click();
    await card.getByRole('status').filter({ hasText: pushWords.saved }).waitFor();

    // A shopper writes on the website while the bot is off: the chat needs the merchant, and the
    // server pushes it to the subscribed device, signed and encrypted.
    const asked1 = await fetch(`${server.url}/api/website/v1/${shop.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'Ada saiz M untuk tudung biru?', sessionId: 'visitor00001' }),
    });
    expect(asked1.status).toBe(200);
    const deadline = Date.now() + 15_000;
    while (received.length === 0 && Date.now() < deadline) await page.waitForTimeout(200);
    await page.waitForTimeout(1000);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({
      path: '/device/phone',
      headers: { 'content-encoding': 'aes128gcm' },
    });
    expect(received[0]!.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${settings.publicKey}$`));
    expect(received[0]!.bytes).toBeGreaterThan(100);

    // The service worker shows what a push carries, one notification per chat.
    const cdp = await context.newCDPSession(page);
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === `${server.url}/` && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registered;
    const payload = {
      title: 'Nurul needs you · Kedai Nurul',
      body: 'Ada saiz M?',
      tag: 'chat-1',
      url: '/inbox?c=1',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId,
      data: JSON.stringify(payload),
    });
    let shown: { title: string; body: string; tag: string }[] = [];
    for (let tries = 0; shown.length === 0 && tries < 50; tries++) {
      if (tries > 0) await page.waitForTimeout(200);
      shown = await page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
        })),
      );
    }
    expect(shown).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag }]);

    // The phone's width.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard/account');
    const narrow = page.getByRole('region', { name: pushWords.title });
    await narrow.getByRole('button', { name: pushWords.turnOff }).waitFor();
    await page.waitForLoadState('networkidle');
    await expectAccessible(page, '/dashboard/account notifications at 390 px');
    await narrow.screenshot({ path: `${shots}/opt-in-390.png` });
    await context.close();
  });
});
