import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'review',
  vitestConfig: 'stryker/vitest.review.config.ts',
  mutate: ['src/shared/contact-review.ts', 'src/shared/lookalike.ts', 'src/shared/hidden-chars.ts'],
});
