import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests of the confirm card's review: contacts the reply adds, lookalike addresses, hidden characters.
export default defineConfig(
  projectConfig('extension', [
    'test/shared/lookalike.test.ts',
    'test/shared/hidden-chars.test.ts',
    'test/shared/contact-review.test.ts',
    'test/security/contact-review.test.ts',
    'test/security/contact-review.foreign.test.ts',
    'test/security/confirm-review.foreign-card.test.tsx',
    'test/security/confirm-review.card.test.tsx',
    'test/security/confirm-review.background.test.ts',
    'test/security/confirm-card.hidden-chars.test.tsx',
    'test/ui/confirm-card.test.tsx',
  ]),
);
