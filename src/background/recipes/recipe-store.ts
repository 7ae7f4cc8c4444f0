import type { Recipe } from '../../shared/recipe-check';
import { createSerial } from '../storage/serial';
import { vault, vaultGeneration } from '../storage/vault';

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

/**
 * Every tab's content script asks for its site's recipe at each load, so what is stored is
 * kept in memory as well. Only this store writes the key, its calls run one after another,
 * and a restarted worker reads storage again; a change is read from, and written to,
 * storage before memory holds it, and a failed write leaves storage to say what is true.
 * Copies go in and out: a caller's change to a recipe is not a change until it is `put`.
 */
export function createRecipeStore(backend: KeyValue = vault): RecipeStore {
  const serial = createSerial();
  // Good only for the vault it was read from, as every kept item is (stored-item.ts).
  let known: { generation: number; all: Record<string, Recipe> } | undefined;
  const keep = (generation: number, all: Record<string, Recipe>) => {
    if (generation === vaultGeneration()) known = { generation, all };
    return all;
  };
  const stored = async () => ((await backend.get(KEY)) as Record<string, Recipe> | undefined) ?? {};
  const read = async () => {
    if (known?.generation === vaultGeneration()) return known.all;
    const generation = vaultGeneration();
    return keep(generation, await stored());
  };
  const write = async (all: Record<string, Recipe>) => {
    const generation = vaultGeneration();
    known = undefined; // a failed write leaves storage to say what is true
    await backend.set(KEY, all);
    keep(generation, all);
  };
  return {
    list: () => serial(async () => Object.values(structuredClone(await read())).sort((a, b) => a.site.localeCompare(b.site))),
    get: (site) => serial(async () => structuredClone((await read())[site])),
    put: (recipe) => serial(async () => write({ ...(await stored()), [recipe.site]: structuredClone(recipe) })),
    remove: (site) =>
      serial(async () => {
        const generation = vaultGeneration();
        const all = await stored();
        if (!(site in all)) {
          keep(generation, all);
          return false;
        }
        delete all[site];
        await write(all);
        return true;
      }),
  };
}
