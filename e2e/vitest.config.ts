import { defineConfig } from 'vitest/config';

// Browser specs: each file starts the built product on its own port and data directory.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
});
