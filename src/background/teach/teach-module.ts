import type { teachHandlers, teachView } from './teach-handlers';

/**
 * What teach mode's script (entrypoints/teach.ts) leaves on the global object when it runs: the
 * sidebar's teach handlers, the picks, and the view of a session, with the recipe they build.
 * The background runs it when a tab is first taught (teach-script.ts).
 */
export interface TeachModule {
  teachHandlers: typeof teachHandlers;
  teachView: typeof teachView;
}

export const TEACH_GLOBAL = 'deskmateTeach';

/** The messages teach mode's script answers; teach.state and teach.escape stay in the worker. */
export const TEACH_REQUESTS = ['teach.start', 'teach.pick', 'teach.goto', 'teach.cancel', 'teach.test', 'teach.save'] as const;
