import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The masking tests: many of the masking code's mutants are in patterns and lists every test reads.
export default defineConfig(projectConfig('core', ['test/core/pii/**/*.test.ts']));
