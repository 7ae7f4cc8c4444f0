import type { Recipe } from '../sites/recipe-check';
import { createSerial } from './serial';

/**
 * The agent's site recipes, one per site. They decide what Deskmate reads and clicks on a
 * helpdesk, so they live where no web page and no content script can reach: the background's
 * own IndexedDB (the extension's origin), never storage.local, which Firefox opens to content
 * scripts. The backend is a small key-value interface, so it can move with the other records.
 */
export interface KeyValue {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
}

export interface RecipeStore {
  list(): Promise<Recipe[]>;
  get(site: string): Promise<Recipe | undefined>;
  put(recipe: Recipe): Promise<void>;
  remove(site: string): Promise<boolean>;
}

const KEY = 'recipes';

export function createRecipeStore(backend: KeyValue = indexedDbKeyValue()): RecipeStore {
  const serial = createSerial();
  const read = async () => ((await backend.get(KEY)) as Record<string, Recipe> | undefined) ?? {};
  return {
    list: () => serial(async () => Object.values(await read()).sort((a, b) => a.site.localeCompare(b.site))),
    get: (site) => serial(async () => (await read())[site]),
    put: (recipe) =>
      serial(async () => {
        await backend.set(KEY, { ...(await read()), [recipe.site]: structuredClone(recipe) });
      }),
    remove: (site) =>
      serial(async () => {
        const all = await read();
        if (!(site in all)) return false;
        delete all[site];
        await backend.set(KEY, all);
        return true;
      }),
  };
}

/** One object store in the extension's IndexedDB; values come back as structured clones. */
export function indexedDbKeyValue(name = 'deskmate-recipes', idb: IDBFactory = globalThis.indexedDB): KeyValue {
  let db: Promise<IDBDatabase> | undefined;
  const open = () =>
    (db ??= new Promise((resolve, reject) => {
      const request = idb.open(name, 1);
      request.onupgradeneeded = () => request.result.createObjectStore('items');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    }));
  const run = async <T>(mode: IDBTransactionMode, act: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> => {
    const tx = (await open()).transaction('items', mode);
    const request = act(tx.objectStore('items'));
    return new Promise((resolve, reject) => {
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error);
      tx.onabort = () => reject(tx.error);
    });
  };
  return {
    get: (key) => run('readonly', (s) => s.get(key)),
    set: async (key, value) => {
      await run('readwrite', (s) => s.put(value, key));
    },
  };
}
