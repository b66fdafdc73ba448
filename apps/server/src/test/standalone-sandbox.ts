import { createServer } from 'node:net';
import type { Sandbox } from '@balas/marketplace-sandbox';
import type { FastifyInstance } from 'fastify';

/** A TCP port free right now on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const hidden = (html: string, name: string) =>
  html.match(new RegExp(`name="${name}" value="([^"]*)"`))?.[1]?.replaceAll('&#38;', '&') ?? '';

/**
 * Connects a Shopee shop when the platform is a sandbox server of its own (not the one mounted in
 * the app): create it, approve it on the sandbox's page, follow the callback. Returns the shop id.
 */
export async function connectToStandaloneShopee(
  app: FastifyInstance,
  headers: Record<string, string>,
  sandbox: { app: Sandbox['app']; url: string },
  demoShopId: string,
  name = 'My Shopee shop',
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: '/api/shopee',
    headers,
    payload: {
      name,
      person_name: 'Aisyah',
      person_email: 'aisyah@example.com',
      person_phone: '012-345 6789',
      redirect: 'http://localhost:3000/dashboard/addshop/complete',
    },
  });
  const { authUrl, id } = created.json().data as { authUrl: string; id: string };
  const page = await sandbox.app.inject({ url: authUrl.slice(sandbox.url.length) });
  const approve = await sandbox.app.inject({
    method: 'POST',
    url: '/shopee/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      decision: 'approve',
      shop_id: demoShopId,
      redirect: hidden(page.body, 'redirect'),
    }).toString(),
  });
  const callback = new URL(String(approve.headers.location));
  const done = await app.inject({ url: callback.pathname + callback.search });
  if (done.statusCode !== 302 || String(done.headers.location).includes('error'))
    throw new Error(`shop connection failed: ${done.statusCode} ${done.headers.location}`);
  return id;
}
