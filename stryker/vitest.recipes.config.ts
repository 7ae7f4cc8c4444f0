import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests that check recipes and send through them: the format's check, the recipe engine, the
// built-in recipes on their fixtures, the content script running a recipe, and the recipe attacks.
export default defineConfig(
  projectConfig('extension', [
    'test/shared/recipe-*.test.ts',
    'test/shared/readme-recipes.test.ts',
    'test/sites/recipes/*.test.ts',
    'test/sites/adapters/builtin-recipes*.test.ts',
    'test/sites/adapters/demo-helpdesk*.test.ts',
    'test/content/content.recipe.test.ts',
    'test/background/host.recipes.test.ts',
    'test/background/host.recipe-tests.test.ts',
    'test/security/recipes.memory.test.ts',
    'test/security/recipe-*.test.ts',
  ]),
);
