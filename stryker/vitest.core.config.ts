import { defineConfig } from 'vitest/config';
import { projectConfig } from './vitest-project';

export default defineConfig(projectConfig('core', ['test/core/**/*.test.ts']));
