import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests that send messages through the router or enable and disable sites.
export default defineConfig(
  projectConfig('extension', [
    'test/background/router.*.test.ts',
    'test/background/access/*.test.ts',
    'test/security/forged-messages.test.ts',
    'test/security/site-access.memory.test.ts',
    'test/security/policy.test.ts',
  ]),
);
