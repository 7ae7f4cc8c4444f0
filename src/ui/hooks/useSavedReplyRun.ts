import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { SavedReply } from '../../shared/saved-replies';
import type { SavedReplyRun } from '../../shared/protocol';
import { errorText } from '../format';
import { t } from '../i18n';

/** The sidebar's saved replies: listed, and run by the agent's click on the bound tab. */
export function useSavedReplyRun(tabId: number | null | undefined) {
  const [replies, setReplies] = useState<SavedReply[]>([]);
  const [result, setResult] = useState<{ id: string; run: SavedReplyRun } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setResult(null);
    const load = () => void request('savedReplies.get', {}).then((r) => setReplies(r.replies), () => setReplies([]));
    load();
    // Edited on the options page meanwhile: shown when the agent comes back to the sidebar.
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, [tabId]);
  const run = async (id: string) => {
    if (typeof tabId !== 'number') return;
    setBusy(true);
    try {
      setResult({ id, run: await request('savedReplies.run', { tabId, id }) });
    } catch (e) {
      setResult({ id, run: { ok: false, code: 'internal', error: errorText(e) } });
    } finally {
      setBusy(false);
    }
  };
  return { replies, result, busy, run };
}
