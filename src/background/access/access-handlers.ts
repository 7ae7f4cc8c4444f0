import { browser } from 'wxt/browser';
import type { Handlers } from '../router';
import type { SiteAccess } from './site-access';
import type { Services } from '../services';
import type { SiteAccessView } from '../../shared/protocol';
import { MANAGED_ERROR, POLICY_UNREADABLE } from '../../shared/policy';
import { runsUnderPolicy, siteAllowedByPolicy } from '../../shared/policy-merge';
import { managedPolicy } from './policy';

type AccessHandlers = Pick<Handlers, 'sites.enabled' | 'sites.enable' | 'sites.disable'>;

const LOOPBACK = new Set(['localhost', '127.0.0.1']);

/** Pages the content script runs on without asking: loopback, declared in the manifest. */
export const isLoopback = (origin: string): boolean => {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' && LOOPBACK.has(url.hostname);
  } catch {
    return false;
  }
};

/** Normalises what a page sent to an http(s) origin, or null. */
export function webOrigin(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * Whether Deskmate works on a tab's site, for the sidebar's "Enable on this site". `pageOrigin`
 * is the origin of the page the tab announced, when there is one (the browser's word, dropped
 * as soon as the tab navigates): every view of every tab asks, so the browser is asked for the
 * tab's address only when no page is known.
 */
export async function accessOf(access: SiteAccess, tabId: number, pageOrigin?: string): Promise<SiteAccessView | null> {
  const origin = pageOrigin ?? (await tabOrigin(tabId));
  if (!origin) return null;
  const loopback = isLoopback(origin);
  const policy = await managedPolicy.get();
  if (!runsUnderPolicy(policy)) return { origin, loopback, enabled: false, blocked: true, policyUnreadable: true };
  const enabled = loopback || ((await access.list()).includes(origin) && siteAllowedByPolicy(origin, policy));
  return { origin, loopback, enabled, ...(!loopback && !siteAllowedByPolicy(origin, policy) ? { blocked: true } : {}) };
}

async function tabOrigin(tabId: number): Promise<string | null> {
  const tab = await browser.tabs.get(tabId).catch(() => undefined);
  return tab?.url ? webOrigin(tab.url) : null;
}

export function accessHandlers(s: Services, access: SiteAccess): AccessHandlers {
  return {
    'sites.enabled': () => access.list(),
    async 'sites.enable'({ origin }) {
      const o = webOrigin(origin);
      if (!o || isLoopback(o)) return { ok: false, error: 'Only http and https sites can be enabled; loopback pages always are.' };
      // Before the browser is asked anything: a site outside the organisation's list is never registered.
      const policy = await managedPolicy.get();
      if (!runsUnderPolicy(policy)) return { ok: false, error: POLICY_UNREADABLE, managed: true };
      if (!siteAllowedByPolicy(o, policy)) return { ok: false, error: 'Your organisation does not allow Deskmate on this site.', managed: true };
      const result = await access.enable(o);
      s.broadcast({ type: 'view.changed', tabId: null });
      return result;
    },
    /** Revoking takes effect at once: the site's tabs lose their tools now, not at their next load. */
    async 'sites.disable'({ origin }) {
      const o = webOrigin(origin);
      if (!o) return { ok: false };
      if ((await managedPolicy.get()).allowedSites?.includes(o)) return { ok: false, error: MANAGED_ERROR, managed: true };
      await access.disable(o);
      for (const page of s.pages.all()) if (page.origin === o) await s.pages.drop(page.tabId);
      s.tools.sync();
      s.broadcast({ type: 'view.changed', tabId: null });
      return { ok: true };
    },
  };
}
