import { TEACH_GLOBAL, type TeachModule } from '@/src/background/teach/teach-module';
import { teachHandlers, teachView } from '@/src/background/teach/teach-handlers';

/**
 * Teach mode's handlers and the recipe they build, kept out of background.js: the background runs
 * this script when the agent first starts teaching, or a tab shows a session (src/background/teach/teach-script.ts).
 */
export default defineUnlistedScript(() => {
  const module: TeachModule = { teachHandlers, teachView };
  (globalThis as Record<string, unknown>)[TEACH_GLOBAL] = module;
});
