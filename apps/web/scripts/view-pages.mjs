// Writes dist/views/<view>.html: the dashboard's index.html naming the code of one view
// (modulepreload), so the browser fetches a page's chunk beside the shell rather than after it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The modules each view of contracts' dashboardViews shows first (the router's lazy pages and loaders). */
const viewModules = {
  shops: ['src/features/shops/components/shops-page.tsx'],
  shop: [
    'src/features/shops/components/shop-detail-page.tsx',
    'src/features/shops/components/shop-settings-form.tsx',
    'src/features/inbox/components/conversation-list.tsx',
  ],
  train: ['src/features/training/components/train-page.tsx'],
  knowledge: ['src/features/knowledge/components/knowledge-page.tsx'],
  topic: ['src/features/training/components/topic-page.tsx'],
  simulator: ['src/features/simulator/components/simulator-page.tsx'],
  vouchers: ['src/features/vouchers/components/vouchers-page.tsx'],
  insights: ['src/features/insights/components/insights-page.tsx', 'src/features/insights/api/prefetch.ts'],
  chat: ['src/features/inbox/components/chat-page.tsx'],
  inbox: ['src/features/inbox/components/inbox-page/inbox-page.tsx', 'src/features/inbox/api/prefetch.ts'],
};

export function writeViewPages(dist, views) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
  const closure = (key, seen = new Set()) => {
    if (seen.has(key)) return seen;
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build's manifest: update apps/web/scripts/view-pages.mjs`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) closure(imported, seen);
    return seen;
  };
  // A module shared by several lazy pages is a chunk of its own, keyed by its name rather than its path.
  const keyOf = (module) => {
    if (manifest[module]) return module;
    const name = module
      .split('/')
      .pop()
      .replace(/\.tsx?$/, '');
    const shared = Object.keys(manifest).find((key) => key.startsWith(`_${name}-`));
    if (!shared)
      throw new Error(`${module} is not in the build's manifest: update apps/web/scripts/view-pages.mjs`);
    return shared;
  };
  const shell = closure('index.html');
  const index = readFileSync(join(dist, 'index.html'), 'utf8');
  mkdirSync(join(dist, 'views'), { recursive: true });
  for (const view of new Set(views)) {
    const modules = viewModules[view];
    if (!modules) throw new Error(`no modules named for the dashboard view '${view}'`);
    const files = new Set();
    for (const module of modules)
      for (const key of closure(keyOf(module))) if (!shell.has(key)) files.add(manifest[key].file);
    const links = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('');
    writeFileSync(join(dist, 'views', `${view}.html`), index.replace('</head>', `${links}</head>`));
  }
  return views.length;
}
