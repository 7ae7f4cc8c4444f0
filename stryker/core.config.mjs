import { defineGroup } from './base.mjs';

// The tool registry and the confirm step; the masking code is the pii group.
export default defineGroup({
  name: 'core',
  vitestConfig: 'stryker/vitest.core.config.ts',
  mutate: [
    'src/core/registry.ts',
    'src/core/confirm-flow.ts',
    'src/core/confirm-lifecycle.ts',
    'src/core/confirmations.ts',
    'src/core/plan.ts',
    'src/core/tool-calls.ts',
  ],
});
