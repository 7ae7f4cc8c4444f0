import { linkTarget } from '../../shared/link-target';
import type { KbStore } from '../kb/kb-store';
import type { Handlers } from '../router';
import type { Services } from '../services';

type LinkHandlers = Pick<Handlers, 'links.trusted'>;

/**
 * What a link the model wrote may open in one click (see `opensInOneClick`): the helpdesk the tab
 * shows (the browser's word on its origin, never the page's), by a link that carries no data, and
 * the exact addresses the knowledge base links to. Every other link takes a second step that
 * shows its full address.
 */
export function linkHandlers(s: Services, kb: KbStore): LinkHandlers {
  return {
    async 'links.trusted'({ tabId }) {
      const origin = s.pages.get(tabId)?.origin ?? (await s.accessOf(tabId).catch(() => null))?.origin ?? null;
      const site = origin ? linkTarget(origin) : null;
      const own = site ? [site.key, `mailto:${site.host.replace(/:\d+$/, '')}`] : [];
      return { keys: [...new Set([...own, ...(await kb.linkAddresses())])] };
    },
  };
}
