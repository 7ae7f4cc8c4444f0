import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'policy',
  vitestConfig: 'stryker/vitest.policy.config.ts',
  mutate: ['src/shared/policy.ts', 'src/shared/policy-merge.ts'],
});
