import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { plainIcons } from './apps/web/plain-icons-plugin.ts';

// Measures the server's responsiveness: it runs alone, after every other file.
const eventLoopBudget = 'apps/server/src/test/event-loop-budget.test.ts';

/**
 * The test files whose behaviour depends on DATABASE_URL and REDIS_URL: those that build the app
 * through test-app.ts (PostgreSQL and Redis when they are set, PGlite and in-process otherwise) or
 * read the environment themselves (the multi-process and chaos tests; CI, PATH and HOME aside).
 * They are the `services` project, which CI runs a second time on PostgreSQL + Redis; the others
 * (packages, the widget, the server's pure units, the embedded-mode kill test whose server gets an
 * env of its own) behave the same either way and run once. A new test that builds the app lands in
 * `services` by itself.
 */
const readsServices = /test-app\.ts'|process\.env(?!\.(?:CI|PATH|HOME)\b)/;
function dependsOnServices(): string[] {
  const found: string[] = [];
  const packages = readdirSync('packages')
    .map((name) => join('packages', name, 'src'))
    .filter((src) => existsSync(src));
  for (const root of ['apps/server/src', 'apps/widget/src', ...packages]) {
    for (const entry of readdirSync(root, { recursive: true, encoding: 'utf8' })) {
      if (!entry.endsWith('.test.ts')) continue;
      const path = join(root, entry);
      if (readsServices.test(readFileSync(path, 'utf8'))) found.push(path);
    }
  }
  return found.filter((path) => path !== eventLoopBudget);
}
const withServices = dependsOnServices();

const nodeTest = {
  environment: 'node' as const,
  setupFiles: ['./scripts/test-setup.ts'],
  globalSetup: ['./scripts/test-global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// One runner for every workspace. Browser (Playwright) specs live in e2e/ and run through
// e2e/vitest.config.ts against the built app.
export default defineConfig({
  test: {
    // Vitest's default is a worker less than the cores (it keeps one for itself): a single worker on
    // a 2-core machine, while most files spend most of their time waiting on timers, PostgreSQL,
    // Redis and child processes. Two keep both cores busy (the embedded run on 2 cores: 530 s -> 300 s).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          ...nodeTest,
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/widget/src/**/*.test.ts',
            // The dashboard's build plugins (they run in Node, as the build does).
            'apps/web/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, eventLoopBudget, ...withServices],
        },
      },
      {
        test: {
          ...nodeTest,
          name: 'services',
          include: withServices,
        },
      },
      {
        test: {
          ...nodeTest,
          name: 'event-loop',
          include: [eventLoopBudget],
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
        plugins: [plainIcons()],
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'happy-dom',
          setupFiles: ['./scripts/test-setup.ts'],
          testTimeout: 30_000,
        },
      },
    ],
  },
});
