import { defineGroup } from './base.mjs';

// Masking: what counts as personal data, the placeholders, and unmasking the model's answers.
export default defineGroup({
  name: 'pii',
  vitestConfig: 'stryker/vitest.pii.config.ts',
  mutate: [
    'src/core/pii/detect.ts',
    'src/core/pii/masker.ts',
    'src/core/pii/people.ts',
    'src/core/pii/masking-model.ts',
    'src/core/pii/stream-unmask.ts',
  ],
});
