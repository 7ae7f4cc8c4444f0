import type { SiteSettings } from '../../shared/settings';
import { siteUnderPolicy } from '../../shared/policy-merge';
import { siteSettingsItem } from '../storage/items';
import { managedPolicy } from './policy';

export type { SiteSettings } from '../../shared/settings';

export interface SiteSettingsStore {
  get(origin: string): Promise<SiteSettings>;
  list(): Promise<SiteSettings[]>;
  set(origin: string, change: Partial<Omit<SiteSettings, 'origin' | 'locked'>>): Promise<SiteSettings[]>;
}

/** The capabilities a site grants, as the registry's feature flags. */
export const flagsOf = (site: SiteSettings): Record<string, boolean> => ({
  'page.write': site.write,
  'page.send': site.send,
});

/**
 * The agent's switches per site, always read with the organisation's policy over them: what the
 * policy holds off stays off whatever is stored, so no message can switch it on.
 */
export function createSiteSettings(): SiteSettingsStore {
  const withDefaults = (origin: string, s?: SiteSettings): SiteSettings => ({ write: true, send: true, ...s, origin });
  const listOf = async (all: Record<string, SiteSettings>): Promise<SiteSettings[]> => {
    const policy = await managedPolicy.get();
    // The sites the policy names are listed too, before the agent has opened them.
    const origins = new Set([...Object.keys(all), ...policy.readOnlySites, ...(policy.allowedSites ?? [])]);
    return [...origins].sort().map((origin) => siteUnderPolicy(withDefaults(origin, all[origin]), policy));
  };
  return {
    get: async (origin) => siteUnderPolicy(withDefaults(origin, (await siteSettingsItem.get())[origin]), await managedPolicy.get()),
    list: async () => listOf(await siteSettingsItem.get()),
    set: async (origin, change) => {
      // A switch the policy holds is not written: the agent's own choice is there again once the policy goes.
      const locked = siteUnderPolicy(withDefaults(origin), await managedPolicy.get()).locked ?? [];
      const allowed = Object.fromEntries(Object.entries(change).filter(([key]) => !locked.includes(key as 'write' | 'send')));
      const now = await siteSettingsItem.update((current) => {
        const { locked: _locked, ...own } = withDefaults(origin, current[origin]);
        current[origin] = { ...own, ...allowed, origin };
        return { value: current, result: current };
      });
      return listOf(now);
    },
  };
}
