// The dashboard's service worker (served as /sw.js; apps/web/pwa-plugin.ts writes its config in at
// build time). It keeps the app shell for offline use, reads the API network-first, shows the
// merchant's push notifications and opens the chat a notification is about.

/** @type {{ version: string, precache: string[], icons: string[], startUrl: string, dashboardRoots: string[], offline: { title: string, body: string, retry: string }, themeColour: string }} */
const config = self.__BALAS_PWA__;

const SHELL = `balas-shell-${config.version}`;
/** Hashed files of the build, as pages load them (never change: cache first). */
const ASSETS = 'balas-assets';
/** The API's last answers, for when the network is gone; emptied at sign-out and on a 401. */
const API = 'balas-api';

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(SHELL);
      await cache.addAll([config.startUrl, ...config.precache, ...config.icons]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Another build's shell and files are no longer used.
      for (const key of await caches.keys()) {
        if ((key.startsWith('balas-shell-') && key !== SHELL) || key === ASSETS) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

const escapeHtml = (text) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The page shown when there is no network and nothing kept for the address. */
function offlinePage() {
  const { title, body, retry } = config.offline;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="theme-color" content="${config.themeColour}"><title>${escapeHtml(title)} · Balas</title><style>body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#17212b;background:#fff}main{max-width:28rem;padding:24px;text-align:center}img{width:72px;height:72px}h1{font-size:1.5rem;margin:16px 0 8px}p{color:#5b6675;line-height:1.5}a{display:inline-block;margin-top:16px;padding:10px 20px;border-radius:8px;background:${config.themeColour};color:#fff;font-weight:600;text-decoration:none}</style></head><body><main><img src="${config.icons[0]}" alt=""><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><a href="">${escapeHtml(retry)}</a></main></body></html>`;
  return new Response(html, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

const isDashboard = (path) =>
  config.dashboardRoots.some((root) => path === root || path.startsWith(`${root}/`));

/** Pages: the network first; offline, the dashboard's kept shell (it routes by itself), else the offline page. */
async function page(request, url) {
  try {
    return await fetch(request);
  } catch {
    const shell = isDashboard(url.pathname)
      ? await caches.match(config.startUrl, { cacheName: SHELL })
      : null;
    return shell ?? offlinePage();
  }
}

async function cacheFirst(event) {
  const kept = await caches.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (response.ok) {
    const copy = response.clone();
    event.waitUntil(caches.open(ASSETS).then((cache) => cache.put(event.request, copy)));
  }
  return response;
}

/** The API: always the network when there is one; its last JSON answer when there is not. */
async function networkFirst(event) {
  try {
    const response = await fetch(event.request);
    if (response.status === 401) event.waitUntil(caches.delete(API));
    else if (response.ok && response.headers.get('content-type')?.includes('application/json')) {
      const copy = response.clone();
      event.waitUntil(caches.open(API).then((cache) => cache.put(event.request, copy)));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(event.request, { cacheName: API });
    if (kept) return kept;
    throw error;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // The website widget, its public API and the sandbox are not the dashboard: the network as is.
  if (/^\/(widget|sandbox|api\/website)(\/|\.|$)/.test(url.pathname)) return;
  if (request.method !== 'GET') {
    // Signing out forgets what this browser kept of the account.
    if (url.pathname === '/api/signout') event.waitUntil(caches.delete(API));
    return;
  }
  if (request.mode === 'navigate') event.respondWith(page(request, url));
  else if (url.pathname.startsWith('/assets/') || config.icons.includes(url.pathname))
    event.respondWith(cacheFirst(event));
  else if (url.pathname.startsWith('/api/')) event.respondWith(networkFirst(event));
});

// ---- push notifications -------------------------------------------------------------------------

self.addEventListener('push', (event) => {
  let data = null;
  try {
    data = event.data?.json() ?? null;
  } catch {
    data = null;
  }
  const title = typeof data?.title === 'string' ? data.title : 'Balas';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data?.body === 'string' ? data.body : '',
      // One notification per chat: a newer message replaces it, and alerts again.
      tag: typeof data?.tag === 'string' ? data.tag : 'balas',
      renotify: true,
      icon: config.icons[0],
      data: { url: typeof data?.url === 'string' ? data.url : config.startUrl },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? config.startUrl, self.location.origin);
  // Only our own addresses open.
  const url =
    target.origin === self.location.origin
      ? target.href
      : new URL(config.startUrl, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
