import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/**
 * Self time of a V8 CPU profile (`node --cpu-prof`, e.g. the built server started by a bench with
 * BENCH_NODE_FLAGS="--cpu-prof --cpu-prof-dir=DIR"), attributed by package and by function. Frames
 * of the built server (`apps/server/dist/*.js`, one bundle of the apps and workspace packages) are
 * mapped through the build's source maps to their source file, so `packages/bot` and the server's
 * own modules are told apart.
 *
 *   node --import tsx bench/cpu-profile.ts FILE.cpuprofile [WINDOW]
 *
 * WINDOW `from,to` keeps the samples taken between `from` and `to` seconds before the profile's end
 * (e.g. `63,3`: a 60 s capacity step that ended 3 s before the process stopped); all by default.
 */

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const maps = new Map<string, SourceMap | null>();
function sourceMapOf(file: string) {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, existsSync(mapFile) ? new SourceMap(JSON.parse(readFileSync(mapFile, 'utf8'))) : null);
  }
  return maps.get(file)!;
}

/** Where a frame's code comes from: its source file and line when a source map says, else its URL's. */
function sourceOf(frame: ProfileNode['callFrame']) {
  const { url, lineNumber, columnNumber } = frame;
  if (url.startsWith('file://') && url.includes('/apps/server/dist')) {
    const entry = sourceMapOf(fileURLToPath(url))?.findEntry(lineNumber, columnNumber);
    if (entry && 'originalSource' in entry)
      return { source: entry.originalSource, line: entry.originalLine + 1 };
  }
  return { source: url, line: lineNumber + 1 };
}

/** A package or module name for a frame's source. */
function packageOf(frame: ProfileNode['callFrame'], source: string) {
  if (!source) {
    // V8's own pseudo-frames and builtins (JSON.parse, RegExp, ...) have no URL.
    if (frame.functionName.startsWith('(')) return frame.functionName;
    return `(builtin) ${frame.functionName || 'anonymous'}`;
  }
  if (source.startsWith('wasm://')) return 'pglite (wasm)';
  if (source.startsWith('node:')) return 'node core';
  const modules = source.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = source.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  const workspace = /(?:^|\/)(packages\/[^/]+|apps\/[^/]+\/src\/(?:features\/[^/]+|[^/]+))/.exec(source);
  return workspace ? workspace[1]!.replace(/\.ts$/, '') : source;
}

export function summarize(profile: Profile, window?: { fromEnd: number; toEnd: number }) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  const lo = window ? profile.endTime - window.fromEnd * 1e6 : -Infinity;
  const hi = window ? profile.endTime - window.toEnd * 1e6 : Infinity;
  // A sample's time is the delta to the next one (V8's own convention in DevTools).
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i]!;
    const next = profile.timeDeltas[i + 1] ?? 0;
    if (at < lo || at > hi) continue;
    selfUs.set(profile.samples[i]!, (selfUs.get(profile.samples[i]!) ?? 0) + next);
  }
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const { source, line } = sourceOf(frame);
    const pkg = packageOf(frame, source);
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + us);
    const where = source ? `${source.replace(/^.*\/(node_modules|apps|packages)\//, '$1/')}:${line}` : '';
    const name = `${frame.functionName || '(anonymous)'} ${where}`.trim();
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
  }
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]);
  return {
    busyMs: total / 1000,
    idleMs: idle / 1000,
    packages: sorted(byPackage),
    functions: sorted(byFunction),
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const [file, windowArg] = process.argv.slice(2);
  if (!file) throw new Error('usage: bench/cpu-profile.ts FILE.cpuprofile [fromEnd,toEnd]');
  const window = windowArg
    ? { fromEnd: Number(windowArg.split(',')[0]), toEnd: Number(windowArg.split(',')[1] ?? 0) }
    : undefined;
  const { busyMs, idleMs, packages, functions } = summarize(JSON.parse(readFileSync(file, 'utf8')), window);
  const share = (us: number) => `${((us / 1000 / busyMs) * 100).toFixed(1).padStart(5)}%`;
  console.log(`busy ${busyMs.toFixed(0)} ms, idle ${idleMs.toFixed(0)} ms`);
  console.log('\nself time by package / module:');
  for (const [name, us] of packages.slice(0, 25))
    console.log(`  ${share(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
  console.log('\nself time by function:');
  for (const [name, us] of functions.slice(0, 30))
    console.log(`  ${share(us)}  ${(us / 1000).toFixed(0).padStart(7)} ms  ${name}`);
}
