import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

export default defineConfig({
  test: {
    projects: [
      {
        // The core runs without the WXT plugin, so an accidental browser reference fails.
        test: { name: 'core', include: ['test/core/**/*.test.ts'], environment: 'node' },
      },
      {
        plugins: [WxtVitest()],
        test: {
          name: 'extension',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/core/**', 'test/e2e/**', 'node_modules/**'],
          environment: 'node',
        },
      },
    ],
  },
});
