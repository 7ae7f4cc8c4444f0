import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'recipes',
  vitestConfig: 'stryker/vitest.recipes.config.ts',
  mutate: ['src/shared/recipe-check.ts', 'src/shared/recipe-format.ts', 'src/sites/recipes/recipe-send.ts'],
});
