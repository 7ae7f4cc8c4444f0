import { browser } from 'wxt/browser';
import { createSerial } from './serial';

/** Per-site switches: an agent can put a site in read-only mode. */
export interface SiteSettings {
  origin: string;
  write: boolean;
  send: boolean;
  /** The helpdesk last seen there, for the options page. */
  adapterTitle?: string;
}

const KEY = 'sites';

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
  const serial = createSerial();
  const read = async (): Promise<Record<string, SiteSettings>> =>
    ((await browser.storage.local.get(KEY))[KEY] as Record<string, SiteSettings>) ?? {};
  const withDefaults = (origin: string, s?: SiteSettings): SiteSettings => ({ write: true, send: true, ...s, origin });
  return {
    get: async (origin) => withDefaults(origin, (await serial(read))[origin]),
    list: async () => Object.values(await serial(read)).sort((a, b) => a.origin.localeCompare(b.origin)),
    set: (origin, change) =>
      serial(async () => {
        const all = await read();
        all[origin] = { ...withDefaults(origin, all[origin]), ...change, origin };
        await browser.storage.local.set({ [KEY]: all });
        return Object.values(all).sort((a, b) => a.origin.localeCompare(b.origin));
      }),
  };
}
