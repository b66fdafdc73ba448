import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type DashboardView, dashboardViewOf, messages, pageOf, type SitePage } from '@balas/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Built files under `assets/` carry a hash of their content in their name: they never change. */
export const immutable = 'public, max-age=31536000, immutable';

/**
 * Cache headers for a built file: hashed assets kept for a year, anything else (HTML, favicon,
 * robots.txt) revalidated on each use. Every answer may come precompressed, so caches key on it.
 */
export function setBuiltFileHeaders(reply: FastifyReply, path: string) {
  reply.header('cache-control', /[/\\]assets[/\\]/.test(path) ? immutable : 'no-cache');
  reply.header('vary', 'accept-encoding');
}

/** @fastify/static options that serve a build's files with their brotli or gzip copies (scripts/precompress.mjs). */
export const builtFileOptions = {
  preCompressed: true,
  cacheControl: false,
  setHeaders: setBuiltFileHeaders,
} as const;

/** A file held in memory with its precompressed copies and a validator. */
export interface HeldFile {
  raw: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  etag: string;
}

export function holdFile(path: string): HeldFile {
  const raw = readFileSync(path);
  const copy = (suffix: string) =>
    existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
  const hash = createHash('sha256').update(raw).digest('base64url').slice(0, 22);
  return { raw, br: copy('.br'), gzip: copy('.gz'), etag: `"${hash}"` };
}

/** The best encoding the client accepts among those we have (no q-value arithmetic: q=0 refuses). */
export function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (header ?? '')
      .split(',')
      .map((part) => part.trim().split(';'))
      .filter(([, q]) => !q || !/^\s*q=0(\.0*)?\s*$/.test(q))
      .map(([name]) => name?.trim().toLowerCase()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return null;
}

/** Sends a held file, precompressed when the client accepts it; a matching validator gets a 304. */
export function sendHeldFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: HeldFile,
  options: { type: string; cacheControl: string; status?: number },
) {
  const status = options.status ?? 200;
  reply.header('cache-control', options.cacheControl).header('vary', 'accept-encoding').type(options.type);
  if (status === 200) {
    reply.header('etag', file.etag);
    if (request.headers['if-none-match'] === file.etag) return reply.status(304).send();
  }
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  const body = encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined;
  if (encoding && body) return reply.status(status).header('content-encoding', encoding).send(body);
  return reply.status(status).send(file.raw);
}

/**
 * The built web app: hashed assets, the site's prerendered pages (`dist/pages/<page>.html`) at their
 * addresses, the dashboard's `index.html` under its addresses, and the site's not-found page (with a
 * 404) anywhere else. Pages are held in memory and never cached without revalidation.
 */
export async function webAppRoutes(scope: FastifyInstance, { dist }: { dist: string }) {
  const dashboard = holdFile(join(dist, 'index.html'));
  // The same page naming the view's code (apps/web/scripts/view-pages.mjs), when the build wrote it.
  const views = new Map<DashboardView, HeldFile>();
  const viewsDir = join(dist, 'views');
  if (existsSync(viewsDir)) {
    for (const name of readdirSync(viewsDir).filter((n) => n.endsWith('.html'))) {
      views.set(name.slice(0, -'.html'.length) as DashboardView, holdFile(join(viewsDir, name)));
    }
  }
  const sitePages = new Map<SitePage, HeldFile>();
  const pagesDir = join(dist, 'pages');
  if (existsSync(pagesDir)) {
    for (const name of readdirSync(pagesDir).filter((n) => n.endsWith('.html'))) {
      sitePages.set(name.slice(0, -'.html'.length) as SitePage, holdFile(join(pagesDir, name)));
    }
  }
  await scope.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: false,
    ...builtFileOptions,
    // Pages only at their own addresses, through the routing below.
    allowedPath: (path: string) => !path.endsWith('.html'),
  });
  const html = 'text/html; charset=utf-8';
  scope.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(404).send({ error: { code: 'not_found', message: messages.errors.notFound } });
    }
    const path = request.url.split('?')[0] ?? '/';
    const target = pageOf(path);
    if (target.app === 'dashboard') {
      const view = dashboardViewOf(path);
      const page = (view && views.get(view)) ?? dashboard;
      return sendHeldFile(request, reply, page, { type: html, cacheControl: 'no-cache' });
    }
    const page = sitePages.get(target.page) ?? sitePages.get('not-found');
    if (!page) return reply.status(404).type('text/plain').send(messages.errors.pageNotFound);
    return sendHeldFile(request, reply, page, {
      type: html,
      cacheControl: 'no-cache',
      status: target.page === 'not-found' || !sitePages.has(target.page) ? 404 : 200,
    });
  });
}
