import { useState } from 'preact/hooks';
import { request } from '../client';
import type { SiteSettings } from '../../shared/settings';
import { errorText } from '../format';

/** Saves a site's switches: the new list of sites, or null and the reason in `error`. */
export function useSaveSite() {
  const [error, setError] = useState<string | null>(null);
  const save = async ({ origin, write, send }: SiteSettings): Promise<SiteSettings[] | null> => {
    try {
      const all = await request('sites.set', { origin, write, send });
      setError(null);
      return all;
    } catch (e) {
      setError(errorText(e));
      return null;
    }
  };
  return { save, error };
}
