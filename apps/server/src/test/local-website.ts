import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A merchant's website served on loopback for tests and benchmarks: pages by path (HTML), a
 * robots.txt, and /sitemap.xml listing every page. Change `pages` or `robots` between imports.
 */
export interface LocalWebsite {
  origin: string;
  port: number;
  /** `address:port` for the fetcher's test-only exception. */
  allow: string;
  pages: Map<string, string>;
  robots: string;
  /** Paths requested, in order. */
  hits: string[];
  /** User agents that asked. */
  agents: Set<string>;
  close(): Promise<void>;
}

export const shopPage = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><nav><a href="/">Home</a></nav><main><h1>${title}</h1>${body}</main><footer>Kedai Example</footer></body></html>`;

export async function startLocalWebsite(pages: Record<string, string> = {}): Promise<LocalWebsite> {
  const site: Omit<LocalWebsite, 'origin' | 'port' | 'allow' | 'close'> = {
    pages: new Map(Object.entries(pages)),
    robots: 'User-agent: *\nAllow: /\n',
    hits: [],
    agents: new Set(),
  };
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    site.hits.push(path);
    site.agents.add(String(req.headers['user-agent']));
    if (path === '/robots.txt') {
      res.setHeader('content-type', 'text/plain');
      res.end(site.robots);
      return;
    }
    if (path === '/sitemap.xml') {
      res.setHeader('content-type', 'application/xml');
      const urls = [...site.pages.keys()].map((p) => `<url><loc>${origin}${p}</loc></url>`).join('');
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`,
      );
      return;
    }
    const page = site.pages.get(path);
    if (page === undefined) {
      res.statusCode = 404;
      res.end('not found');
      return;
    }
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return Object.assign(site, {
    origin,
    port,
    allow: `127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
