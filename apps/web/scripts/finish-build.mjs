// After `vite build` (the dashboard and the site) and `vite build --ssr` (the site's prerenderer):
// writes each site page as finished HTML under dist/pages/, then precompresses everything.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { precompress } from '../../../scripts/precompress.mjs';
import { writeViewPages } from './view-pages.mjs';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const ssr = join(root, 'dist-ssr');

const escapeHtml = (s) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

// The components render as the browser's production build does: MUI adds no debug labels, so emotion's
// class names in a prerendered frame are the browser's and it adopts the frame's rules on start.
process.env.NODE_ENV = 'production';
const { allSitePages, allDashboardViews, renderSitePage, renderInboxFrame, renderInsightsFrame } =
  await import(join(ssr, 'prerender.js'));
const template = readFileSync(join(dist, 'site.html'), 'utf8');
if (!template.includes('<div id="root"></div>') || !/<title>[^<]*<\/title>/.test(template))
  throw new Error('site.html lost its #root or <title>');
mkdirSync(join(dist, 'pages'), { recursive: true });
for (const page of allSitePages) {
  const { html, title } = renderSitePage(page);
  const out = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
  writeFileSync(join(dist, 'pages', `${page}.html`), out);
}
rmSync(join(dist, 'site.html'));
rmSync(ssr, { recursive: true, force: true });

writeViewPages(dist, allDashboardViews, {
  inbox: renderInboxFrame(),
  insights: renderInsightsFrame(),
});

const { raw, br } = precompress(dist);
console.log(
  `prerendered ${allSitePages.length} site pages; precompressed ${(raw / 1024).toFixed(0)} KB -> ${(br / 1024).toFixed(0)} KB brotli`,
);
