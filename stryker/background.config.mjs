import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'background',
  vitestConfig: 'stryker/vitest.background.config.ts',
  mutate: ['src/background/router.ts', 'src/background/access/site-access.ts'],
});
