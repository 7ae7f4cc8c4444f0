import { browser } from 'wxt/browser';
import { checkRecipe, recipeAdapterId, recipeTools, type Recipe } from '../sites/recipe-check';
import type { AdapterInfo } from '../sites/adapter';
import type { RecipeStore } from './recipe-store';
import type { Handlers } from './router';
import type { Services } from './services';
import { unlessNoReceiver } from './logger';

type RecipeHandlers = Pick<Handlers, 'recipe.get' | 'recipes.list' | 'recipes.import' | 'recipes.remove'>;

/** What the background offers for a recipe: tools from the recipe's sections, grades from PAGE_TOOLS. */
export const recipeInfo = (recipe: Recipe): AdapterInfo => ({ id: recipeAdapterId(recipe.site), title: recipe.title, tools: recipeTools(recipe) });

/** Loads the stored recipes into the tool sync; called at each start and after every change. */
export async function syncRecipes(s: Services, recipes: RecipeStore): Promise<void> {
  s.tools.setRecipes((await recipes.list()).map(recipeInfo));
}

const tellTabs = async (site: string) => {
  for (const tab of await browser.tabs.query({})) {
    if (tab.id === undefined || !tab.url?.startsWith(`${site}/`)) continue;
    browser.tabs.sendMessage(tab.id, { type: 'page.recipe-changed' }, { frameId: 0 }).catch(unlessNoReceiver('recipes', 'Could not tell a tab its recipe changed'));
  }
};

/**
 * The one way a recipe is stored, imported or taught: checked against its schema, then kept,
 * offered to the tool sync, and loaded again by the tabs of its site.
 */
export async function storeRecipe(s: Services, recipes: RecipeStore, recipe: unknown): Promise<{ ok: boolean; error?: string }> {
  const check = checkRecipe(recipe);
  if (!check.ok) return { ok: false, error: check.error };
  await recipes.put(check.recipe);
  await syncRecipes(s, recipes);
  await tellTabs(check.recipe.site);
  s.broadcast({ type: 'view.changed', tabId: null });
  return { ok: true };
}

/**
 * Recipes come in only from the extension's own pages (the router refuses the rest), each
 * checked again here; a content script may read only its own site's recipe, named by the
 * browser's word for its origin, never by anything it sends.
 */
export function recipeHandlers(s: Services, recipes: RecipeStore): RecipeHandlers {
  return {
    async 'recipe.get'(_req, sender) {
      if (!sender.origin || !(await s.allowsOrigin(sender.origin))) return null;
      return (await recipes.get(sender.origin)) ?? null;
    },
    'recipes.list': () => recipes.list(),
    'recipes.import': ({ recipe }) => storeRecipe(s, recipes, recipe),
    async 'recipes.remove'({ site }) {
      const removed = await recipes.remove(site);
      if (removed) {
        await syncRecipes(s, recipes);
        await tellTabs(site);
        s.broadcast({ type: 'view.changed', tabId: null });
      }
      return { ok: removed };
    },
  };
}
