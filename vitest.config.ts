import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

// Vitest runs one file at a time less than there are cores (one on a 2-core machine), yet a unit
// file spends much of its time waiting (a page's frame that never loads, a helpdesk server
// answering): two at a time by default. UNIT_WORKERS=1 runs one at a time.
const WORKERS = Math.max(1, Number(process.env.UNIT_WORKERS ?? 2) || 1);

// Each file runs in a VM context of its own inside a reused worker thread (vmThreads): its
// modules load afresh, as in a new worker, but without starting one, which halves the suite's
// time here (137 s to 66 s on the idle 2-core machine). Two kinds of file need more:
// - A file that changes what belongs to the whole process (the time zone, by process.env.TZ,
//   which a worker thread cannot set) runs in a process of its own.
// - A file whose code meets objects from Node's own realm runs in a plain worker thread: in a VM
//   context, `instanceof` and `constructor === Object` fail across the two. The phone plans that
//   the fake fetch's Response.json() builds fail libphonenumber's object test (the confirm card's
//   review and masking use them); a refused connection's TypeError is Node's, not the context's
//   (the MCP client tells "unreachable" by it); rolldown's binding refuses Vite's plugin objects.
const IN_A_PROCESS = ['test/ui/audit-export.test.ts'];
export const IN_A_THREAD = [
  'test/scripts/no-preload-helper.test.ts',
  'test/background/mcp/mcp-runtime.test.ts',
  'test/background/model/personal-data.test.ts',
  'test/security/confirm-review.background.test.ts',
  'test/security/confirm-review.past-tickets.test.ts',
  'test/security/mcp-results-review.test.ts',
];

function extension(name: string, files: { pool: 'vmThreads' | 'threads' | 'forks'; include?: string[]; exclude?: string[] }) {
  return {
    plugins: [WxtVitest()],
    // WXT's mock of `wxt/browser` imports `wxt/testing`, whose index also loads the Vitest
    // plugin and with it WXT's builder: seconds per test file. The fake browser alone will do.
    resolve: { alias: [{ find: /^wxt\/testing$/, replacement: 'wxt/testing/fake-browser' }] },
    test: {
      name,
      pool: files.pool,
      include: files.include ?? ['test/**/*.test.ts', 'test/**/*.test.tsx'],
      exclude: ['test/core/**', 'test/e2e/**', 'test/**/*.e2e.test.ts', 'node_modules/**', ...(files.exclude ?? [])],
      environment: 'node',
      setupFiles: ['test/fakes/browser-setup.ts'],
      // The flow tests wait by wall time for each step (5 s each): a whole test may take
      // several such steps on a loaded machine, and a step that never comes fails with its
      // own words, not with the test's budget.
      testTimeout: 15_000,
    },
  };
}

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    // Each run ends with its time and slowest files, then the attack count.
    reporters: ['default', './test/reporters/timing-reporter.ts', './test/security/attack-reporter.ts'],
    projects: [
      {
        // The core runs without the WXT plugin, so an accidental browser reference fails.
        // Its modules keep nothing but memos (language names, parsed tool messages), so its files
        // share one module graph per worker instead of importing the core again for each.
        test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node', isolate: false },
      },
      extension('extension', { pool: 'vmThreads', exclude: [...IN_A_PROCESS, ...IN_A_THREAD] }),
      extension('extension-thread', { pool: 'threads', include: IN_A_THREAD }),
      extension('extension-process', { pool: 'forks', include: IN_A_PROCESS }),
    ],
  },
});
