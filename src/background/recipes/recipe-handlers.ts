import { browser } from 'wxt/browser';
import { checkRecipe, recipeAdapterId, recipeTools, type Recipe } from '../../shared/recipe-check';
import type { AdapterInfo } from '../../sites/adapter';
import type { RecipeStore } from './recipe-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { log, unlessNoReceiver } from '../diagnostics/logger';
import { MANAGED_ERROR, type Policy } from '../../shared/policy';
import { managedPolicy } from '../access/policy';

type RecipeHandlers = Pick<Handlers, 'recipe.get' | 'recipes.list' | 'recipes.import' | 'recipes.remove'>;

/** What the background offers for a recipe: tools from the recipe's sections, grades from PAGE_TOOLS. */
export const recipeInfo = (recipe: Recipe): AdapterInfo => ({ id: recipeAdapterId(recipe.site), title: recipe.title, tools: recipeTools(recipe) });

/** Each policy's recipes, checked once: every page load asks for its site's recipe. */
const checkedPolicies = new WeakMap<Policy, Recipe[]>();

/** The recipes the organisation's policy pushes to everyone, each checked like an imported one. Copies. */
export function policyRecipes(policy: Policy): Recipe[] {
  let checked = checkedPolicies.get(policy);
  if (!checked) checkedPolicies.set(policy, (checked = checkPolicyRecipes(policy)));
  return structuredClone(checked);
}

function checkPolicyRecipes(policy: Policy): Recipe[] {
  return policy.recipes.flatMap((text, i) => {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      log.warn('policy', `Recipe ${i + 1} of the organisation's policy is not valid JSON`);
      return [];
    }
    const check = checkRecipe(data);
    if (!check.ok) log.warn('policy', `Recipe ${i + 1} of the organisation's policy was left out: ${check.error}`);
    return check.ok ? [check.recipe] : [];
  });
}

/** The agent's recipes and the policy's; for a site both have, the policy's. */
export async function recipesInForce(recipes: RecipeStore): Promise<Recipe[]> {
  const bySite = new Map((await recipes.list()).map((r) => [r.site, r]));
  for (const r of policyRecipes(await managedPolicy.get())) bySite.set(r.site, r);
  return [...bySite.values()].sort((a, b) => a.site.localeCompare(b.site));
}

/** The recipe in force for a site, or null: the policy's wins over the agent's, as in recipesInForce. */
export async function recipeOf(recipes: RecipeStore, site: string): Promise<Recipe | null> {
  return policyRecipes(await managedPolicy.get()).find((r) => r.site === site) ?? (await recipes.get(site)) ?? null;
}

const managedSite = async (site: string) => policyRecipes(await managedPolicy.get()).some((r) => r.site === site);

/** Loads the recipes in force into the tool sync; called at each start and after every change. */
export async function syncRecipes(s: Services, recipes: RecipeStore): Promise<void> {
  s.tools.setRecipes((await recipesInForce(recipes)).map(recipeInfo));
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
export async function storeRecipe(s: Services, recipes: RecipeStore, recipe: unknown): Promise<{ ok: boolean; error?: string; managed?: boolean }> {
  const check = checkRecipe(recipe);
  if (!check.ok) return { ok: false, error: check.error };
  if (await managedSite(check.recipe.site)) return { ok: false, error: `${MANAGED_ERROR} This site's recipe comes from your organisation.`, managed: true };
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
      return s.recipeOf(sender.origin);
    },
    'recipes.list': () => recipesInForce(recipes),
    'recipes.import': ({ recipe }) => storeRecipe(s, recipes, recipe),
    async 'recipes.remove'({ site }) {
      if (await managedSite(site)) return { ok: false, error: MANAGED_ERROR, managed: true };
      const before = await recipes.get(site);
      const removed = await recipes.remove(site);
      if (removed) {
        // The site is no longer known as the helpdesk this recipe named: its pages may be taught again.
        if (before && (await s.sites.get(site)).adapterTitle === before.title) await s.sites.set(site, { adapterTitle: undefined });
        await syncRecipes(s, recipes);
        await tellTabs(site);
        s.broadcast({ type: 'view.changed', tabId: null });
      }
      return { ok: removed };
    },
  };
}
