import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing';

export default defineConfig({
  test: {
    reporters: ['default', './test/security/attack-reporter.ts'],
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
          exclude: ['test/core/**', 'test/e2e/**', 'test/**/*.e2e.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: ['test/fakes/browser-setup.ts'],
        },
      },
    ],
  },
});
