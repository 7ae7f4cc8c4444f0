import { browser } from 'wxt/browser';
import { checkRecipe } from '../../shared/recipe-check';
import type { RecipeHighlight } from '../../shared/protocol';
import type { Handlers } from '../router';

/**
 * `recipes.highlight`, from the options page's import preview: the recipe (checked as an import
 * is, not stored) goes to the open tabs of its own site only, whose pages outline its controls;
 * the answer says which controls some page shows and whether any shows the note box as the
 * reply form. A tab of another site is never sent a recipe.
 */
export function recipeHighlightHandler(): Pick<Handlers, 'recipes.highlight'> {
  return {
    async 'recipes.highlight'({ recipe }): Promise<RecipeHighlight> {
      const check = checkRecipe(recipe);
      if (!check.ok) return { pages: 0, found: [], noteIsReply: false };
      const site = check.recipe.site;
      const tabs = (await browser.tabs.query({})).filter((tab) => tab.id !== undefined && tab.url?.startsWith(`${site}/`));
      const answers = await Promise.all(
        tabs.map(
          (tab) =>
            browser.tabs.sendMessage(tab.id!, { type: 'page.highlight-recipe', recipe: check.recipe }, { frameId: 0 }).catch(() => null) as Promise<Omit<RecipeHighlight, 'pages'> | null>,
        ),
      );
      const seen = answers.filter((a): a is Omit<RecipeHighlight, 'pages'> => !!a && Array.isArray(a.found));
      const controls = seen[0]?.found.map((f) => f.control) ?? [];
      return {
        pages: seen.length,
        found: controls.map((control) => ({ control, found: seen.some((a) => a.found.some((f) => f.control === control && f.found === true)) })),
        noteIsReply: seen.some((a) => a.noteIsReply === true),
      };
    },
  };
}
