import { useState } from 'preact/hooks';
import { request, requestOrigin } from '../client';
import { sitePattern } from '../../shared/settings';
import { errorText } from '../format';
import { t } from '../i18n';
import { useLoad } from './useLoad';

/**
 * "Enable Deskmate on this site" and its revoke. The browser's permission prompt must come
 * straight from the click, so `enable` asks it before anything else is awaited.
 */
export function useSiteAccess() {
  const enabled = useLoad(() => request('sites.enabled', {}), (m) => m.type === 'view.changed' && m.tabId === null, []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (work: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    try {
      setError(await work());
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const enable = (origin: string) => {
    const asked = requestOrigin(sitePattern(origin));
    return run(async () => {
      if (!(await asked)) return t('access_refused', origin);
      const r = await request('sites.enable', { origin });
      return r.ok ? null : (r.error ?? t('access_failed'));
    });
  };
  const revoke = (origin: string) => run(async () => ((await request('sites.disable', { origin })).ok ? null : t('access_failed')));

  return { enabled: enabled.value, busy, error: error ?? enabled.error, enable, revoke };
}
