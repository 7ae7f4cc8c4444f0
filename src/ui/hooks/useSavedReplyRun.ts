import { useEffect, useRef, useState } from 'preact/hooks';
import { request } from '../client';
import type { SavedReply } from '../../shared/saved-replies';
import type { SavedReplyRun } from '../../shared/protocol';
import { errorText } from '../format';

/** A saved reply the agent chose: filled from the ticket (text null until then), and what Insert did. */
export interface SavedReplyPreviewState {
  id: string;
  title: string;
  text: string | null;
  /** Why it could not be filled. */
  error: string | null;
  result: SavedReplyRun | null;
}

/**
 * The sidebar's saved replies: listed; one chosen is filled from the bound tab's ticket for the
 * agent to read and edit; Insert runs its fixed plan with that text. A preview belongs to the
 * page it was filled from (`page`): another ticket closes it.
 */
export function useSavedReplyRun(tabId: number | null | undefined, page: string) {
  const [replies, setReplies] = useState<SavedReply[]>([]);
  const [preview, setPreview] = useState<SavedReplyPreviewState | null>(null);
  const [busy, setBusy] = useState(false);
  // The newest choice: an answer to an earlier one is dropped.
  const asked = useRef(0);
  useEffect(() => {
    const load = () => void request('savedReplies.get', {}).then((r) => setReplies(r.replies), () => setReplies([]));
    load();
    // Edited on the options page meanwhile: shown when the agent comes back to the sidebar.
    window.addEventListener('focus', load);
    return () => window.removeEventListener('focus', load);
  }, [tabId]);
  useEffect(() => {
    asked.current++;
    setPreview(null);
  }, [tabId, page]);

  const update = (n: number, patch: Partial<SavedReplyPreviewState>) => n === asked.current && setPreview((p) => (p ? { ...p, ...patch } : p));
  const open = async (id: string) => {
    const saved = replies.find((r) => r.id === id);
    if (typeof tabId !== 'number' || !saved) return;
    const n = ++asked.current;
    setPreview({ id, title: saved.title, text: null, error: null, result: null });
    try {
      const filled = await request('savedReplies.preview', { tabId, id });
      update(n, filled.ok ? { text: filled.text } : { error: filled.error });
    } catch (e) {
      update(n, { error: errorText(e) });
    }
  };
  const insert = async (body: string) => {
    if (typeof tabId !== 'number' || !preview) return;
    const n = asked.current;
    setBusy(true);
    update(n, { result: null });
    try {
      update(n, { result: await request('savedReplies.run', { tabId, id: preview.id, body }) });
    } catch (e) {
      update(n, { result: { ok: false, code: 'internal', error: errorText(e) } });
    } finally {
      setBusy(false);
    }
  };
  const close = () => {
    asked.current++;
    setPreview(null);
  };
  return { replies, preview, busy, open, insert, close };
}
