import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { chromium, type Page } from 'playwright-core';
import { freePort } from '../e2e/support/server.ts';
import { apiCall, connectShopee } from '../e2e/support/shops.ts';
import { createBenchDatabase, spawnProduct } from './support.ts';

// Where a signed-in dashboard page spends its main thread while it loads: a CPU profile at Lighthouse's
// mobile CPU slowdown (4x), each sample's own time put on the original source file (the build's source
// maps) and summed by package, beside counts that do not move with the machine's load: React commits
// and the style rules emotion inserts. `node --import tsx bench/page-profile.ts [inbox insights shops]`
// after `npm run build`; PROFILE_RUNS (1 unless set), PROFILE_FUNCTIONS=1 (the costliest functions too),
// PROFILE_SHOTS=<dir> (a screenshot and the CPU profile of each page as measured), PROFILE_WIDTH=1280 (a desktop, not a phone),
// PROFILE_TRACE=1 (the renderer main thread's own time by trace event: parsing, style, layout, scripts;
// with PROFILE_SHOTS the whole trace is saved there too, for Chrome's performance panel).

const assets = join(import.meta.dirname, '../apps/web/dist/assets');
const maps = new Map<string, TraceMap | null>();
function mapOf(url: string) {
  const file = url.split('/assets/')[1];
  if (!file) return null;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(readFileSync(join(assets, `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file) ?? null;
}

/** The package (or the app's own folder) an original source path belongs to. */
function ownerOf(source: string) {
  const nm = source.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = source.slice(nm + 'node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const src = source.indexOf('src/');
  return src >= 0
    ? `app:${source
        .slice(src + 4)
        .split('/')
        .slice(0, 2)
        .join('/')}`
    : source;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

function attribute(profile: CpuProfile) {
  const byNode = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    byNode.set(id, (byNode.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const ms = byNode.get(node.id);
    if (!ms) continue;
    const { url, functionName, lineNumber, columnNumber } = node.callFrame;
    let owner = url ? 'other script' : functionName ? `(${functionName})` : '(native)';
    let name = functionName || '(anonymous)';
    const map = url && lineNumber >= 0 ? mapOf(url) : null;
    if (map) {
      const pos = originalPositionFor(map, { line: lineNumber + 1, column: columnNumber });
      if (pos.source) {
        owner = ownerOf(pos.source);
        name = `${pos.name ?? name} ${pos.source.split('node_modules/').at(-1)}:${pos.line}`;
      }
    }
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + ms);
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  return { byOwner: top(byOwner, 25), byFunction: top(byFunction, 40) };
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The renderer main thread's own time (an event's duration less its children's) by event name, from a
 * Chrome trace: where the time the CPU profile calls "(program)" goes (parsing HTML and style sheets,
 * style recalculation, layout, paint).
 */
function traceBreakdown(trace: { traceEvents: TraceEvent[] }) {
  // A navigation may move the page to another renderer: take the busiest renderer main thread.
  const mains = new Set(
    trace.traceEvents
      .filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TraceEvent[]>();
  for (const e of trace.traceEvents) {
    const key = `${e.pid}:${e.tid}`;
    if (!mains.has(key) || e.ph !== 'X' || e.dur === undefined) continue;
    const events = byThread.get(key);
    if (events) events.push(e);
    else byThread.set(key, [e]);
  }
  const busiest = (events: TraceEvent[]) => events.reduce((sum, e) => sum + (e.dur ?? 0), 0);
  const events = ([...byThread.values()].sort((a, b) => busiest(b) - busiest(a))[0] ?? []).sort(
    (a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0),
  );
  const self = new Map<string, number>();
  const open: { end: number; name: string }[] = [];
  for (const e of events) {
    while (open.length && open.at(-1)!.end <= e.ts) open.pop();
    const dur = (e.dur ?? 0) / 1000;
    self.set(e.name, (self.get(e.name) ?? 0) + dur);
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - dur);
    open.push({ end: e.ts + (e.dur ?? 0), name: e.name });
  }
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 20);
}

// Counts React's commits (as React DevTools would see them) and long tasks from the first script on.
const probe = `
  window.__commits = [];
  window.__longTasks = [];
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, renderers: new Map(), inject() { return 1; }, checkDCE() {},
    onCommitFiberRoot() { window.__commits.push(Math.round(performance.now())); },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, setStrictMode() {},
  };
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__longTasks.push([Math.round(e.startTime), Math.round(e.duration)]); })
    .observe({ type: 'longtask', buffered: true });
`;

async function profilePage(page: Page, url: string) {
  const tracing = process.env.PROFILE_TRACE === '1';
  if (tracing)
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink', 'loading'],
    });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const started = Date.now();
  await page.goto(url, { waitUntil: 'networkidle' });
  // Done once React has not committed for 2 s (the page's data in and drawn).
  let last = -1;
  for (;;) {
    await page.waitForTimeout(2000);
    const n = await page.evaluate(() => (window as unknown as { __commits: number[] }).__commits.length);
    if (n === last) break;
    last = n;
  }
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  if (process.env.PROFILE_SHOTS)
    writeFileSync(join(process.env.PROFILE_SHOTS, `cpu-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  const wall = Date.now() - started;
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  const facts = await page.evaluate(() => {
    const w = window as unknown as { __commits: number[]; __longTasks: [number, number][] };
    let rules = 0;
    for (const s of document.querySelectorAll('style[data-emotion]')) {
      rules += (s as HTMLStyleElement).sheet?.cssRules.length ?? 0;
    }
    return {
      commits: w.__commits,
      longTasks: w.__longTasks,
      emotionRules: rules,
      elements: document.querySelectorAll('*').length,
    };
  });
  await cdp.detach();
  const traceJson = tracing ? (await browser.stopTracing()).toString() : null;
  if (traceJson && process.env.PROFILE_SHOTS)
    writeFileSync(join(process.env.PROFILE_SHOTS, `trace-${Date.now()}.json`), traceJson);
  const trace = traceJson ? traceBreakdown(JSON.parse(traceJson) as { traceEvents: TraceEvent[] }) : [];
  const total = profile.timeDeltas.reduce((a, b) => a + b, 0) / 1000;
  const idle = profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id);
  const idleMs =
    profile.samples.reduce((sum, id, i) => sum + (idle.includes(id) ? (profile.timeDeltas[i] ?? 0) : 0), 0) /
    1000;
  const blocking = facts.longTasks.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
  return { wall, busyMs: total - idleMs, blocking, trace, ...facts, ...attribute(profile) };
}

const pages: Record<string, string> = {
  inbox: '/inbox',
  insights: '/insights',
  shops: '/dashboard/shops',
};
const chosen = process.argv.slice(2).filter((a) => a in pages);
const runs = Number(process.env.PROFILE_RUNS ?? 1);

const database = await createBenchDatabase(false);
// The product as startServerProcess starts it, with more patience: on a busy 2-core box PGlite's
// migrations alone can take a minute.
async function startServer() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const api = spawnProduct('main.js', {
    PUBLIC_URL: url,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
  });
  const deadline = Date.now() + 240_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (api.child.exitCode !== null || Date.now() > deadline) {
      await api.stop();
      throw new Error(`server did not start:\n${api.logs.join('')}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return { url, stop: api.stop };
}
const server = await startServer();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
});
try {
  const signup = await fetch(`${server.url}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Aisyah',
      email: 'bench@example.com',
      password: 'correct horse',
      confirm: 'correct horse',
    }),
  });
  const token = ((await signup.json()) as { data: { accessToken: string } }).data.accessToken;
  const shopee = await connectShopee(server.url, token);
  await apiCall(server.url, token, 'GET', `/shopee/v1/${shopee}?page_size=20`);
  const website = await apiCall<{ id: string }>(server.url, token, 'POST', '/website', {
    name: 'Kedai Web',
    person_name: 'Mei',
    person_email: 'mei@example.com',
    person_phone: '012-345 6789',
  });
  for (const [i, query] of ['Do you ship to Sabah?', 'Boleh hantar ke Sabah tak?'].entries()) {
    await fetch(`${server.url}/api/website/v1/${website.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, sessionId: `visitor0000${i + 1}` }),
    });
  }
  // A phone as Lighthouse's mobile preset has it, or PROFILE_WIDTH (e.g. 1280) as a desktop.
  const width = Number(process.env.PROFILE_WIDTH ?? 0);
  const context = await browser.newContext(
    width
      ? { viewport: { width, height: 800 }, serviceWorkers: 'block' }
      : {
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          isMobile: true,
          hasTouch: true,
          serviceWorkers: 'block',
        },
  );
  await context.addInitScript({ content: probe });
  await context.addInitScript({ content: `localStorage.setItem('token', ${JSON.stringify(token)})` });
  const page = await context.newPage();
  page.on('response', (r) => {
    if (r.status() >= 400) console.log(`   ${r.status()} ${r.url()}`);
  });
  page.on('pageerror', (e) => console.log(`   page error: ${e.message}`));
  for (const key of chosen.length ? chosen : ['inbox', 'insights']) {
    for (let i = 0; i < runs; i++) {
      const r = await profilePage(page, `${server.url}${pages[key]}`);
      console.log(
        `\n== ${key} run ${i + 1}: wall ${r.wall} ms, main thread busy ${Math.round(r.busyMs)} ms, ` +
          `blocking ${r.blocking} ms, ${r.commits.length} React commits, ${r.emotionRules} emotion rules, ` +
          `${r.elements} elements`,
      );
      console.log(`   commits at ${r.commits.join(', ')}`);
      console.log(`   long tasks ${r.longTasks.map(([s, d]) => `${s}+${d}`).join(', ')}`);
      if (process.env.PROFILE_SHOTS)
        await page.screenshot({ path: `${process.env.PROFILE_SHOTS}/${key}-${i + 1}.png` });
      console.log('   by package (self ms):');
      for (const [k, v] of r.byOwner) console.log(`     ${v.toFixed(0).padStart(6)}  ${k}`);
      if (r.trace.length) {
        console.log('   main thread by trace event (own ms):');
        for (const [k, v] of r.trace) console.log(`     ${v.toFixed(0).padStart(6)}  ${k}`);
      }
      if (process.env.PROFILE_FUNCTIONS === '1') {
        console.log('   by function (self ms):');
        for (const [k, v] of r.byFunction) console.log(`     ${v.toFixed(0).padStart(6)}  ${k}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
  await database.drop();
}
