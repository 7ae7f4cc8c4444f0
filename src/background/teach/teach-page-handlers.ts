import type { Handlers } from '../router';
import type { Services } from '../services';
import { ownSession } from './own-session';

/**
 * What the tab's content script asks of teach mode outside the picking: whether its tab is being
 * taught (at every load of an enabled site's page), and Escape. Part of the worker, so a page
 * load does not run teach mode's script (teach-module.ts).
 */
export function teachPageHandlers(s: Services): Pick<Handlers, 'teach.state' | 'teach.escape'> {
  return {
    async 'teach.state'(_req, sender) {
      const session = await ownSession(s, sender);
      return session ? { step: session.step, messages: session.choices.message?.messages ?? null } : null;
    },

    async 'teach.escape'(_req, sender) {
      const session = await ownSession(s, sender);
      if (session) {
        await s.teach.drop(session.tabId);
        s.broadcast({ type: 'view.changed', tabId: session.tabId });
      }
      return { ok: !!session };
    },
  };
}
