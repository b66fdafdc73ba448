import { defineConfig } from 'vitest/config';

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
          environment: 'node',
          setupFiles: ['./scripts/test-setup.ts'],
          globalSetup: ['./scripts/test-global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
