// Import circles of the monorepo's source: every static import and export-from, `import type`
// included, and dynamic `import()`, of apps/*/src and packages/*/src (tests aside), resolved to
// files (`@balas/<name>` to the package's exported entry). Prints each strongly connected
// component of more than one file (or a file importing itself); exits 1 when there is one.
//   node scripts/import-cycles.mjs [root ...]     (roots default to apps/*/src packages/*/src)
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const sourceFile = /\.(?:ts|tsx|mts|mjs|js)$/;
const testFile = /\.test\.tsx?$|\.fixture\.ts$|\/test\//;

function listFiles(root) {
  const found = [];
  for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
    const path = join(root, entry);
    if (!sourceFile.test(entry) || entry.endsWith('.d.ts') || entry.endsWith('.d.mts')) continue;
    if (entry.includes('node_modules')) continue;
    if (!statSync(path).isFile()) continue;
    found.push(path);
  }
  return found;
}

/** The package entries `@balas/<name>[/<sub>]` resolve to (their package.json's `exports`). */
function packageEntries() {
  const entries = new Map();
  for (const name of readdirSync(join(repo, 'packages'))) {
    const manifest = join(repo, 'packages', name, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
    const exportsMap = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
    for (const [sub, target] of Object.entries(exportsMap)) {
      const file = typeof target === 'string' ? target : (target.import ?? target.default);
      if (typeof file !== 'string') continue;
      entries.set(`${pkg.name}${sub === '.' ? '' : sub.slice(1)}`, join(repo, 'packages', name, file));
    }
  }
  return entries;
}

function resolveRelative(from, specifier) {
  const base = resolve(dirname(from), specifier);
  const candidates = [
    base,
    base.replace(/\.js$/, '.ts'),
    base.replace(/\.js$/, '.tsx'),
    base.replace(/\.mjs$/, '.mts'),
    `${base}.ts`,
    `${base}.tsx`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
  ];
  return candidates.find((path) => existsSync(path) && statSync(path).isFile());
}

/** Edges file -> imported file of the given roots (absolute paths), tests excluded. */
export function importGraph(roots) {
  const packages = packageEntries();
  const files = roots.flatMap((root) => listFiles(root)).filter((path) => !testFile.test(path));
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = new Set();
    for (const { fileName } of info.importedFiles) {
      const target = fileName.startsWith('.') ? resolveRelative(file, fileName) : packages.get(fileName);
      if (target && known.has(target)) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components with a circle (Tarjan, iterative), as repository paths. */
export function importCycles(roots = defaultRoots()) {
  const graph = importGraph(roots);
  const index = new Map();
  const low = new Map();
  const onStack = new Set();
  const stack = [];
  const cycles = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work = [{ node: start, targets: [...graph.get(start)], at: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame.at < frame.targets.length) {
        const target = frame.targets[frame.at++];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push({ node: target, targets: [...graph.get(target)], at: 0 });
        } else if (onStack.has(target)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(target)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent), low.get(frame.node)));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      if (component.length > 1 || graph.get(frame.node).has(frame.node)) {
        cycles.push(component.map((path) => relative(repo, path)).sort());
      }
    }
  }
  return cycles;
}

export function defaultRoots() {
  const roots = [];
  for (const group of ['apps', 'packages']) {
    for (const name of readdirSync(join(repo, group))) {
      const src = join(repo, group, name, 'src');
      if (existsSync(src)) roots.push(src);
    }
  }
  return roots;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const cycles = importCycles(args.length > 0 ? args.map((root) => resolve(root)) : undefined);
  for (const cycle of cycles) console.log(`circle of ${cycle.length}:\n  ${cycle.join('\n  ')}`);
  console.log(`${cycles.length} circle(s)`);
  process.exitCode = cycles.length > 0 ? 1 : 0;
}
