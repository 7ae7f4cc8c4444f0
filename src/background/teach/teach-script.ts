import { defineLazyScript } from '../lazy-script';
import { lazyHandlers } from '../lazy-handlers';
import type { Handlers } from '../router';
import type { Services } from '../services';
import type { TeachDeps } from './teach-handlers';
import { TEACH_GLOBAL, TEACH_REQUESTS, type TeachModule } from './teach-module';
import { teachPageHandlers } from './teach-page-handlers';

/** Built from entrypoints/teach.ts, beside background.js; kept at install (host.ts). */
export const teachScript = defineLazyScript<TeachModule>('/teach.js', TEACH_GLOBAL, 'teach mode');

/** Teach mode's handlers: the page's questions in the worker, the rest in the script. */
export function teachModeHandlers(s: Services, deps: TeachDeps): Pick<Handlers, 'teach.state' | 'teach.escape' | (typeof TEACH_REQUESTS)[number]> {
  return { ...teachPageHandlers(s), ...lazyHandlers(teachScript, TEACH_REQUESTS, (m) => m.teachHandlers(s, deps)) };
}
