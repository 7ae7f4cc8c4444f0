import type { SiteSettings } from '../shared/settings';
import { siteSettingsItem } from './items';

export type { SiteSettings } from '../shared/settings';

export interface SiteSettingsStore {
  get(origin: string): Promise<SiteSettings>;
  list(): Promise<SiteSettings[]>;
  set(origin: string, change: Partial<Omit<SiteSettings, 'origin'>>): Promise<SiteSettings[]>;
}

/** The capabilities a site grants, as the registry's feature flags. */
export const flagsOf = (site: SiteSettings): Record<string, boolean> => ({
  'page.write': site.write,
  'page.send': site.send,
});

export function createSiteSettings(): SiteSettingsStore {
  const withDefaults = (origin: string, s?: SiteSettings): SiteSettings => ({ write: true, send: true, ...s, origin });
  return {
    get: async (origin) => withDefaults(origin, (await siteSettingsItem.get())[origin]),
    list: async () => Object.values(await siteSettingsItem.get()).sort((a, b) => a.origin.localeCompare(b.origin)),
    set: (origin, change) =>
      siteSettingsItem.update((all) => {
        all[origin] = { ...withDefaults(origin, all[origin]), ...change, origin };
        return { value: all, result: Object.values(all).sort((a, b) => a.origin.localeCompare(b.origin)) };
      }),
  };
}
