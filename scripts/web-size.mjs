// Size budgets of the web app (issue 14): what a browser downloads, compressed as we serve it (brotli),
// before a page can run. The site's pages: at most 60 KB of JS. The dashboard's first load (the shell
// and its first page, the shops): at most 170 KB of JS. Every other dashboard page loads its own chunks.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

export const webDist = new URL('../apps/web/dist/', import.meta.url).pathname;

const KB = 1024;
export const budgets = { siteJs: 60 * KB, dashboardJs: 170 * KB };

/** Brotli size of a built file: its precompressed copy when the build wrote one. */
function compressed(dist, file) {
  const path = join(dist, file);
  if (existsSync(`${path}.br`)) return readFileSync(`${path}.br`).length;
  const data = readFileSync(path);
  const br = brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  return Math.min(br, data.length);
}

/** The assets an HTML page loads before running: its module script, module preloads and stylesheets. */
function htmlAssets(html) {
  const refs = [...html.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/(assets\/[^"]+)"/g)].map(
    (m) => m[1],
  );
  return [...new Set(refs)];
}

/** A manifest entry's file with everything it imports statically, and their CSS. */
function closure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(key)) return seen;
  seen.add(key);
  for (const dep of entry.imports ?? []) closure(manifest, dep, seen);
  return seen;
}
const filesOf = (manifest, keys) =>
  new Set([...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));

const sum = (dist, files) => {
  let js = 0;
  let css = 0;
  for (const file of files) {
    if (file.endsWith('.js')) js += compressed(dist, file);
    else if (file.endsWith('.css')) css += compressed(dist, file);
  }
  return { js, css };
};

/** Each measured load: its compressed JS and CSS in bytes, and the JS budget. */
export function webSizes(dist = webDist) {
  const rows = [];
  const pagesDir = join(dist, 'pages');
  for (const page of ['index', 'login', 'signup', 'terms', 'privacy', 'reset-password', 'connected']) {
    const html = readFileSync(join(pagesDir, `${page}.html`), 'utf8');
    rows.push({
      name: `site /${page === 'index' ? '' : page}`,
      ...sum(dist, htmlAssets(html)),
      budget: budgets.siteJs,
    });
  }
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
  const shell = closure(manifest, 'index.html');
  const firstPage = 'src/features/shops/components/shops-page.tsx';
  if (!manifest[firstPage]?.isDynamicEntry) throw new Error(`${firstPage} is not a lazy chunk of its own`);
  const firstLoad = closure(manifest, firstPage, new Set(shell));
  rows.push({
    name: 'dashboard first load (/dashboard/shops)',
    ...sum(dist, filesOf(manifest, firstLoad)),
    budget: budgets.dashboardJs,
  });
  // Every other page, for information: what it adds to the shell when first opened.
  for (const [key, entry] of Object.entries(manifest)) {
    if (!entry.isDynamicEntry || key === firstPage) continue;
    const added = [...closure(manifest, key)].filter((k) => !shell.has(k));
    const size = sum(dist, filesOf(manifest, added));
    rows.push({ name: `  + ${key.replace(/^src\/features\//, '')}`, ...size, budget: budgets.dashboardJs });
  }
  return rows;
}
