import { useEffect, useRef, useState } from 'preact/hooks';
import { request, requestOrigin } from '../client';
import { kbUrlOf, type KbSyncView } from '../../shared/kb-sync';
import { errorText } from '../format';
import { t } from '../i18n';
import { permissionFor } from './useModelSettings';
import { useLoad } from './useLoad';

/**
 * The knowledge base at a URL: the URL in force (the organisation's or the agent's), Save and
 * Sync now. The browser grants a host permission only during a click, so both ask for it first.
 */
export function useKbUrl() {
  const loaded = useLoad(() => request('kbUrl.get', {}), (m) => m.type === 'settings.changed', []);
  const [fresh, setFresh] = useState<KbSyncView | null>(null);
  const [typed, setTypedState] = useState<string | null>(null);
  // What the field holds now, even before the re-render a click may come ahead of.
  const latest = useRef<string | null>(null);
  const setTyped = (value: string | null) => setTypedState((latest.current = value));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // What a click returned, until the background's next answer (which is as new or newer).
  useEffect(() => setFresh(null), [loaded.value]);
  const view = fresh ?? loaded.value;

  /** Asks for the URL's host (nothing for loopback); false, and said, when refused. Call first in a click. */
  const permit = (url: string): Promise<boolean> => {
    const pattern = url ? permissionFor(url) : null;
    if (!pattern) return Promise.resolve(true);
    return requestOrigin(pattern).then(
      (granted) => granted || (setError(t('kb_url_denied', pattern)), false),
      () => (setError(t('kb_url_denied', pattern)), false),
    );
  };

  const busyWith = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const save = () => {
    const url = kbUrlOf(latest.current ?? view?.ownUrl ?? '');
    setError(null);
    if (url === null) return void setError(t('kb_url_invalid'));
    const asked = permit(url);
    void busyWith(async () => {
      if (!(await asked)) return;
      const r = await request('kbUrl.set', { url });
      if (!r.ok) return void setError(r.managed ? t('managed_by_org') : t('kb_url_invalid'));
      setTyped(null);
      if (r.view) setFresh(r.view);
    });
  };

  const syncNow = () => {
    setError(null);
    const asked = view?.url ? permit(view.url) : Promise.resolve(true);
    void busyWith(async () => {
      if (!(await asked)) return;
      setFresh(await request('kbUrl.sync', {}));
    });
  };

  return { view, error: error ?? loaded.error, busy, typed: typed ?? view?.ownUrl ?? '', type: setTyped, save, syncNow };
}
