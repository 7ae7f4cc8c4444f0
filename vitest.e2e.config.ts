import { defineConfig } from 'vitest/config';

// End-to-end tests in real Chromium and Firefox. One file at a time: a browser wants a core of
// its own and the machines have two.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts', 'test/security/**/*.e2e.test.ts'],
    // The attack count stays the last word of a run, and of `npm test`.
    reporters: ['default', ['./test/reporters/timing-reporter.ts', { suite: 'E2E', last: true }], ['./test/security/attack-reporter.ts', { suite: 'browser' }]],
    environment: 'node',
    globalSetup: ['test/e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
