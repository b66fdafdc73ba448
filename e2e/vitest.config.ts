import { defineConfig } from 'vitest/config';

// Browser specs: each file starts the built product on its own port and data directory, so two
// run side by side: while one waits on the product (a job, a live event, a page settling), the other
// uses the CPU (on 2 cores: 232 s one at a time, 152 s two at a time). Not more: each is a server
// and a Chromium.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['e2e/**/*.spec.ts'],
    environment: 'node',
    // A walk is a merchant's whole task (40 s on a quiet box); CI's machine runs it about twice as
    // slowly, and its speed is the benchmarks' business, not these tests'.
    testTimeout: 150_000,
    hookTimeout: 150_000,
    maxWorkers: 2,
    globalSetup: ['e2e/support/data-template.ts'],
  },
});
