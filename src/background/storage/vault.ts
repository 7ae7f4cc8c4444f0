import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * The background's own IndexedDB, under the extension's origin. Content scripts run with the
 * web page's origin, so their `indexedDB` is the page's: nothing here is in their reach, in
 * either browser. `storage.local` is not like that in Firefox (153 has no setAccessLevel, and
 * a content script may read and write it), so the API key, the confirmations, the audit log
 * and the site switches live here instead.
 */
export interface Vault {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  remove(key: string): Promise<void>;
}

let store: UseStore | undefined;
/** Counts the stores opened: a copy kept in memory is only good for the store it was read from. */
let opened = 0;

/** Opened on first use; IndexedDB hands out structured clones, never live objects. */
export const vault: Vault = {
  get: (key) => get(key, (store ??= createStore('deskmate', 'items'))),
  set: (key, value) => set(key, value, (store ??= createStore('deskmate', 'items'))),
  remove: (key) => del(key, (store ??= createStore('deskmate', 'items'))),
};

/** Tests swap in a fresh IndexedDB between cases; the next call opens it. */
export function forgetVaultConnection(): void {
  store = undefined;
  opened++;
}

/** Which store the vault reads now: changes when it was swapped (tests), never in a running worker. */
export const vaultGeneration = (): number => opened;
