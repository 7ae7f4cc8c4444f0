import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { SiteSettings } from '../../shared/settings';
import { useLoad } from './useLoad';
import { useSaveSite } from './useSaveSite';

/** Every site with stored switches, for the options page; the sidebar may switch one too. */
export function useSites() {
  const loaded = useLoad(() => request('sites.list', {}), (m) => m.type === 'view.changed' && m.tabId === null, []);
  const [sites, setSites] = useState<SiteSettings[] | null>(null);
  const { save, error } = useSaveSite();
  useEffect(() => setSites(loaded.value), [loaded.value]);

  const update = async (site: SiteSettings) => {
    const all = await save(site);
    if (all) setSites(all);
  };
  return { sites, error: error ?? loaded.error, update };
}
