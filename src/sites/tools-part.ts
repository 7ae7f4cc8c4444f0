import type { Adapter } from './adapter';
import type { Recipe } from '../shared/recipe-format';
import { ADAPTERS } from '.';
import { adapterFromRecipe } from './recipes/recipe';
import { countCopies } from './dom/delivery-check';

/**
 * The content script's tools part (entrypoints/page-tools.ts): every adapter's tools, the recipe
 * engine, the past-ticket search and the delivery checks, which a page needs only once a tool
 * runs there. The content script at load knows each adapter's pages only (src/sites/pages.ts).
 */
export interface ToolsPart {
  /** The code adapter of this id, or null. */
  adapter(id: string): Adapter | null;
  /** The adapter a site's recipe yields: the same one for the same recipe. */
  recipeAdapter(recipe: Recipe): Adapter;
  countCopies: typeof countCopies;
}

export function createToolsPart(): ToolsPart {
  const fromRecipe = new WeakMap<Recipe, Adapter>();
  return {
    adapter: (id) => ADAPTERS.find((a) => a.id === id) ?? null,
    recipeAdapter(recipe) {
      let adapter = fromRecipe.get(recipe);
      if (!adapter) fromRecipe.set(recipe, (adapter = adapterFromRecipe(recipe)));
      return adapter;
    },
    countCopies,
  };
}
