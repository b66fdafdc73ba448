import { configDefaults, defineConfig } from 'vitest/config';

// Measures the server's responsiveness: it runs alone, after every other file.
const eventLoopBudget = 'apps/server/src/test/event-loop-budget.test.ts';

// One runner for every workspace. Browser (Playwright) specs live in e2e/ and run through
// e2e/vitest.config.ts against the built app.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/server/src/**/*.test.ts',
            'apps/widget/src/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, eventLoopBudget],
          environment: 'node',
          setupFiles: ['./scripts/test-setup.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'event-loop',
          include: [eventLoopBudget],
          environment: 'node',
          setupFiles: ['./scripts/test-setup.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          sequence: { groupOrder: 1 },
        },
      },
      {
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
