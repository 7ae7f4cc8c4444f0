import { siteSettingsItem } from './items';

/** Per-site switches: an agent can put a site in read-only mode. Kept in the background's vault. */
export interface SiteSettings {
  origin: string;
  write: boolean;
  send: boolean;
  /** The helpdesk last seen there, for the options page. */
  adapterTitle?: string;
}

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
