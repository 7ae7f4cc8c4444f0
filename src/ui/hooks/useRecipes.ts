import { useState } from 'preact/hooks';
import { request } from '../client';
import { checkRecipe, recipeTools, type Recipe } from '../../shared/recipe-check';
import { errorText } from '../format';
import { t } from '../i18n';
import { useLoad } from './useLoad';

/** A recipe read from a file and checked, shown to the agent before it applies. */
export interface RecipePreview {
  recipe: Recipe;
  tools: string[];
  /** A recipe for this site is there already and would be replaced. */
  replaces: boolean;
}

/** A selector the options page's own DOM can parse (no page is touched). */
const parses = (selector: string): boolean => {
  try {
    document.createDocumentFragment().querySelector(selector);
    return true;
  } catch {
    return false;
  }
};

/** Site recipes on the options page: list, import (checked, previewed, then applied), export, delete. */
export function useRecipes() {
  const [version, setVersion] = useState(0);
  // A recipe stored, removed or pushed by the policy is a change for every tab (no tab id).
  const list = useLoad(() => request('recipes.list', {}), (m) => m.type === 'view.changed' && m.tabId === null, [version]);
  const tested = useLoad(() => request('recipes.tested', {}), (m) => m.type === 'view.changed' && m.tabId === null, [version]);
  const [preview, setPreview] = useState<RecipePreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = () => setVersion((v) => v + 1);

  const pick = async (file: File) => {
    setPreview(null);
    setError(null);
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch (e) {
      return setError(t('recipe_not_json', [file.name, errorText(e)]));
    }
    const check = checkRecipe(value, parses);
    if (!check.ok) return setError(check.error);
    const replaces = (list.value ?? []).some((r) => r.site === check.recipe.site);
    setPreview({ recipe: check.recipe, tools: recipeTools(check.recipe), replaces });
  };

  const apply = async () => {
    if (!preview) return;
    try {
      const r = await request('recipes.import', { recipe: preview.recipe });
      if (!r.ok) return setError(r.error ?? t('result_failed'));
      setPreview(null);
      reload();
    } catch (e) {
      setError(errorText(e));
    }
  };

  const remove = async (site: string) => {
    if (!confirm(t('recipe_delete_confirm', [site]))) return;
    try {
      await request('recipes.remove', { site });
      reload();
    } catch (e) {
      setError(errorText(e));
    }
  };

  return { recipes: list.value, tested: tested.value, loadError: list.error, preview, error, pick, apply, cancel: () => setPreview(null), remove };
}

/** The recipe as a file the agent can keep or share: the same JSON the import takes. */
export function exportRecipe(recipe: Recipe): void {
  const blob = new Blob([`${JSON.stringify(recipe, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `${new URL(recipe.site).host.replace(/[^\w.-]+/g, '_')}.recipe.json`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
