import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'delivery',
  vitestConfig: 'stryker/vitest.delivery.config.ts',
  mutate: ['src/sites/dom/delivery-check.ts'],
});
