import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests that prepare, confirm and settle a send through the background's handlers and keep
// confirmations across a restart of the background.
export default defineConfig(
  projectConfig('extension', [
    'test/background/confirm/*.test.ts',
    'test/background/host.confirm.test.ts',
    'test/background/host.settle.test.ts',
    'test/background/host.send-bound.test.ts',
    'test/background/chat/chat-drafts.test.ts',
    'test/security/confirm-path.test.tsx',
    'test/security/confirm-review.background.test.ts',
    'test/security/confirm-review.past-tickets.test.ts',
    'test/security/confirmations.memory.test.ts',
    'test/security/forged-messages.test.ts',
  ]),
);
