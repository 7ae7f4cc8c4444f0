import { defineConfig } from 'vitest/config';

// The core project alone, for mutation runs: no WXT plugin (the core imports nothing of the
// browser) and one module graph for all files, since each mutant reruns only the tests that
// reached it and a fresh graph per file would multiply the run's time.
export default defineConfig({
  test: {
    include: ['test/core/**/*.test.ts'],
    environment: 'node',
    isolate: false,
  },
});
