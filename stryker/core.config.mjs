import { defineGroup } from './base.mjs';

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
    'src/core/pii/detect.ts',
    'src/core/pii/masker.ts',
    'src/core/pii/people.ts',
    'src/core/pii/masking-model.ts',
    'src/core/pii/stream-unmask.ts',
  ],
});
