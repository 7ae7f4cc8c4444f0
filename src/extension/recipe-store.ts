import type { Recipe } from '../sites/recipe-check';
import { createSerial } from './serial';
import { vault } from './vault';

/**
 * The agent's site recipes, one per site. They decide what Deskmate reads and clicks on a
 * helpdesk, so they live where no web page and no content script can reach: the background's
 * own IndexedDB (the vault, under the extension's origin), never storage.local, which Firefox
 * opens to content scripts.
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

export function createRecipeStore(backend: KeyValue = vault): RecipeStore {
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
