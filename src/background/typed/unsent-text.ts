import { browser } from 'wxt/browser';
import type { Vault } from '../storage/vault';
import { defineItem } from '../storage/stored-item';

/** Texts kept; the least recently typed go first. */
const MAX_UNSENT = 200;

/**
 * The session's storage as a vault: typed text that is not yet anything (a question not sent,
 * a saved reply not added) lives as long as the conversations do, until the browser closes.
 * Closed to content scripts: Chrome by the access level the host sets, Firefox 153 gives them
 * no storage.session.
 */
const sessionArea: Vault = {
  get: async (key) => (await browser.storage.session.get(key))[key],
  set: (key, value) => browser.storage.session.set({ [key]: value }),
  remove: (key) => browser.storage.session.remove(key),
};

/** `seq` orders the texts (larger is newer): the clock cannot. */
type Unsent = Record<string, { text: string; seq: number }>;
const unsentItem = defineItem<Unsent>({ key: 'typed.unsent', version: 1, fallback: () => ({}) }, sessionArea);

/** Typed text not used yet, by field id (see `fieldId`). */
export const unsentText = {
  get: async (id: string): Promise<string> => (await unsentItem.get())[id]?.text ?? '',
  set: (id: string, text: string): Promise<void> =>
    unsentItem.update((all) => {
      const next = { ...all };
      delete next[id];
      if (text) next[id] = { text, seq: Math.max(0, ...Object.values(all).map((u) => u.seq)) + 1 };
      const kept = Object.entries(next).sort((a, b) => b[1].seq - a[1].seq).slice(0, MAX_UNSENT);
      return { value: Object.fromEntries(kept), result: undefined };
    }),
  /** Forgets every text whose id starts so (a closed tab's questions). */
  forget: (prefix: string): Promise<void> =>
    unsentItem.update((all) => {
      if (!Object.keys(all).some((id) => id.startsWith(prefix))) return { result: undefined };
      return { value: Object.fromEntries(Object.entries(all).filter(([id]) => !id.startsWith(prefix))), result: undefined };
    }),
};
