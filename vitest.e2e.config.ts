import { defineConfig } from 'vitest/config';
import { ALONE } from './test/e2e/alone';

// End-to-end tests in real Chromium and Firefox, two files at a time: most of a scenario's time
// is spent waiting (a browser starting, a model streaming, a page loading), not computing, so a
// second browser fills it. E2E_WORKERS=1 runs one file at a time.
const WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1);

// The files share one module graph per worker (isolate: false): each imports the same harness
// and Playwright, which would otherwise be loaded again for every file (about a second each).
// Nothing in the harness keeps state between files but counters; every file starts its own
// browsers and servers.
const INCLUDE = ['test/e2e/**/*.e2e.test.ts', 'test/security/**/*.e2e.test.ts'];

const common = {
  environment: 'node',
  testTimeout: 60_000,
  hookTimeout: 60_000,
  teardownTimeout: 30_000,
} as const;

export default defineConfig({
  test: {
    // The attack count stays the last word of a run, and of `npm test`.
    reporters: ['default', ['./test/reporters/timing-reporter.ts', { suite: 'E2E', last: true }], ['./test/security/attack-reporter.ts', { suite: 'browser' }]],
    globalSetup: ['test/e2e/global-setup.ts'],
    projects: [
      {
        test: { ...common, name: 'e2e', include: INCLUDE, exclude: ALONE, isolate: false, maxWorkers: WORKERS, fileParallelism: WORKERS > 1, sequence: { groupOrder: 0 } },
      },
      {
        test: { ...common, name: 'e2e-alone', include: ALONE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
    ],
  },
});
