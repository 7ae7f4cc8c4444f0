import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The tests that read the organisation's policy and apply it to settings, sites and sending.
export default defineConfig(
  projectConfig('extension', [
    'test/shared/policy.test.ts',
    'test/background/access/policy.read.test.ts',
    'test/background/model/model-settings.test.ts',
    'test/security/policy.test.ts',
    'test/security/policy.fail-closed.test.ts',
  ]),
);
