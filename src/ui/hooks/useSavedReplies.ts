import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { SavedReplies, SavedReply } from '../../shared/saved-replies';
import type { SavedReplyRun } from '../../shared/protocol';
import { errorText } from '../format';
import { t } from '../i18n';
import { typed } from '../typed';
import type { TypedField } from '../../shared/typed';

/** The agent's name for `{{agent.name}}`: kept as typed, like every field (typed-keeper.ts). */
export const AGENT_NAME: TypedField = { kind: 'agentName' };

export interface SavedRepliesStatus {
  ok: boolean;
  text: string;
  /** Counts the answers, so the same message twice still shows as a new one. */
  seq: number;
}

/** A new reply's id: its title as a slug, made unique. */
function newId(title: string, taken: readonly SavedReply[]): string {
  const base = title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48) || 'reply';
  let id = base;
  for (let n = 2; taken.some((r) => r.id === id); n++) id = `${base}-${n}`;
  return id;
}

/** The options page's saved replies: defined one by one, or imported from a JSON file; the background checks both. */
export function useSavedReplies() {
  const [data, setData] = useState<SavedReplies | null>(null);
  const [status, setStatusOnly] = useState<SavedRepliesStatus | null>(null);
  const setStatus = (next: Omit<SavedRepliesStatus, 'seq'>) => setStatusOnly((old) => ({ ...next, seq: (old?.seq ?? 0) + 1 }));
  const load = () => request('savedReplies.get', {}).then(setData, (e: unknown) => setStatus({ ok: false, text: errorText(e) }));
  useEffect(() => void load(), []);

  const save = async (next: SavedReplies, done: string): Promise<boolean> => {
    try {
      // The whole file goes: with the name as typed, once it is kept, so this save does not put an older one back.
      await typed.flush();
      next = { ...next, agentName: typed.shown(AGENT_NAME, next.agentName) };
      const r = await request('savedReplies.save', { data: { version: 1, ...next } });
      setStatus(r.ok ? { ok: true, text: done } : { ok: false, text: r.error ?? t('result_failed') });
      if (r.ok) setData(next);
      return r.ok;
    } catch (e) {
      setStatus({ ok: false, text: errorText(e) });
      return false;
    }
  };
  const current = data ?? { agentName: '', replies: [] };
  return {
    data,
    status,
    add: (title: string, body: string) => save({ ...current, replies: [...current.replies, { id: newId(title, current.replies), title, body }] }, t('saved_replies_saved')),
    remove: (id: string) => save({ ...current, replies: current.replies.filter((r) => r.id !== id) }, t('saved_replies_saved')),
    /** Save next to the name: it is kept as typed already; this hands it over now and says so. */
    async keepName() {
      const ok = await typed.flush();
      setStatus(ok ? { ok: true, text: t('saved_replies_saved') } : { ok: false, text: typed.error(AGENT_NAME) ?? t('result_failed') });
    },
    async importFile(file: File) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await file.text());
      } catch (e) {
        return setStatus({ ok: false, text: t('saved_replies_not_json', [errorText(e)]) });
      }
      try {
        const r = await request('savedReplies.import', { data: parsed });
        setStatus(r.ok ? { ok: true, text: t('saved_replies_imported', [String(r.added ?? 0)]) } : { ok: false, text: r.error ?? t('result_failed') });
        await load();
      } catch (e) {
        setStatus({ ok: false, text: errorText(e) });
      }
    },
  };
}
