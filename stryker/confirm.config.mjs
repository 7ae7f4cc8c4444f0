import { defineGroup } from './base.mjs';

export default defineGroup({
  name: 'confirm',
  vitestConfig: 'stryker/vitest.confirm.config.ts',
  mutate: ['src/background/confirm/storage-confirmation-store.ts', 'src/background/confirm/confirm-handlers.ts'],
});
