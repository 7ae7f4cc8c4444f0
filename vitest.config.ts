import { defineConfig } from 'vitest/config';

// Core tests run without the WXT plugin, so an accidental browser reference fails there.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
    exclude: ['test/e2e/**'],
    environment: 'node',
  },
});
