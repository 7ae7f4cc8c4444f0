import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

// The core's own tests but the masking ones (the pii group): none of them reaches src/core/pii.
export default defineConfig(projectConfig('core', ['test/core/*.test.ts']));
