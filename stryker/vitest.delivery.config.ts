import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests that ask a page whether a sent reply arrived in its thread.
export default defineConfig(
  projectConfig('extension', [
    'test/sites/dom/delivery-check.test.ts',
    'test/content/content.recipe.test.ts',
    'test/content/content-lifetime.test.ts',
  ]),
);
