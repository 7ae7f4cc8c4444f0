import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The masking tests. Many of the masking code's mutants are in patterns built when a module
// loads: each test file imports the modules afresh (isolate), or a mutant in a pattern would
// never be switched on and would count as surviving.
const config = projectConfig('core', ['test/core/pii/**/*.test.ts']);
export default defineConfig({ ...config, test: { ...config.test, isolate: true } });
