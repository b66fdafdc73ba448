// Writes dist/views/<view>.html: the dashboard's index.html naming the code of one view
// (modulepreload), with its styles and the shell's inlined, so the browser fetches a page's chunk
// beside the shell rather than after it and paints without waiting for a request; and, for a view
// with a prerendered frame (its first screen on a phone, drawn at build time by the app's own
// components: src/app/prerender-frame.tsx), that frame in #root.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The modules each view of contracts' dashboardViews shows first (the router's lazy pages and loaders). */
const viewModules = {
  shops: ['src/features/shops/components/shops-page.tsx'],
  // The settings form (its form library and schemas) is not named: the page loads it after it has painted.
  shop: [
    'src/features/shops/components/shop-detail-page.tsx',
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

// Below the md breakpoint (contracts' breakpoints: 960 px) a phone's layout, which is what a frame
// shows: wider screens keep the boot bar until the app draws. The frame is inert (not yet usable).
const frameStyle =
  '<style>.boot-frame{display:none}@media (width<960px){.boot-frame{display:block}.boot-bar{display:none}}</style>';

/** `frames`: a view's prerendered first screen (HTML), by view. */
export function writeViewPages(dist, views, frames = {}) {
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
  const shellStyles = [...index.matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map((m) => m[1]);
  mkdirSync(join(dist, 'views'), { recursive: true });
  for (const view of new Set(views)) {
    const modules = viewModules[view];
    if (!modules) throw new Error(`no modules named for the dashboard view '${view}'`);
    const files = new Set();
    const styles = new Set();
    for (const module of modules)
      for (const key of closure(keyOf(module))) {
        if (shell.has(key)) continue;
        files.add(manifest[key].file);
        for (const css of manifest[key].css ?? []) styles.add(css);
      }
    const preloads = [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    // The shell's and the view's styles (a few KB) in the page itself: the first paint waits for no
    // request, so it comes before the scripts have arrived, let alone run.
    // Each file also keeps a disabled link (not fetched): the app's preload of a lazy chunk's CSS
    // skips a file whose stylesheet link is in the page, where it would fetch it again and restyle the
    // whole page (the prerendered frame's too) as it arrives.
    const inlined = [...shellStyles, ...styles]
      .map(
        (file) =>
          `<style>${readFileSync(join(dist, file), 'utf8').trim()}</style><link rel="stylesheet" crossorigin href="/${file}" disabled>`,
      )
      .join('');
    if (!index.includes('<script type="module"')) throw new Error('index.html lost its module script');
    let page = index
      .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
      .replace('<script type="module"', `${inlined}<script type="module"`)
      .replace('</head>', `${preloads.join('')}</head>`);
    if (frames[view]) {
      if (!page.includes('<div id="root">')) throw new Error('index.html lost its #root');
      const { head, body } = hoistFrameStyles(frames[view]);
      page = page
        .replace('</head>', `${frameStyle}${head}</head>`)
        .replace('<div id="root">', `<div id="root"><div class="boot-frame" inert>${body}</div>`);
    }
    writeFileSync(join(dist, 'views', `${view}.html`), page);
  }
  return views.length;
}

/**
 * A frame's emotion styles, which the server renderer writes beside each component, moved into the
 * head: the global ones as they are, marked as already placed (`data-s`); the rest as one plain style
 * element, followed by an empty one naming every rule it holds. The browser's emotion adopts those
 * rules (it will not insert them again) and moves only the empty element to where it inserts new
 * ones, instead of moving each element into the head as it starts, which re-reads its rules and
 * restyles the page once per element (on a phone, 30-180 ms of the first load's module evaluation
 * at 4x). Emotion never removes a component's rules, so they can stay in an element of their own.
 */
export function hoistFrameStyles(frame) {
  const globals = [];
  const names = [];
  const rules = [];
  const body = frame.replace(/<style data-emotion="([^"]+)">([\s\S]*?)<\/style>/g, (_, key, css) => {
    if (key.startsWith('css ')) {
      names.push(...key.split(' ').slice(1));
      rules.push(css);
    } else {
      globals.push(`<style data-emotion="${key}" data-s="">${css}</style>`);
    }
    return '';
  });
  const adopted = names.length
    ? `<style>${rules.join('')}</style><style data-emotion="css ${names.join(' ')}" data-s=""></style>`
    : '';
  return { head: globals.join('') + adopted, body };
}
