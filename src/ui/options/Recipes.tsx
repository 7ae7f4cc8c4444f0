import { exportRecipe, useRecipes } from '../hooks/useRecipes';
import { RecipePreview } from './RecipePreview';
import { t } from '../i18n';
import { useBuiltinRecipes } from '../hooks/useBuiltinRecipes';
import { BuiltinRecipeStatus } from '../shared/BuiltinRecipeStatus';
import { usePolicy } from '../hooks/usePolicy';
import { Managed } from '../shared/Managed';

/** Site recipes, one per site: imported from a file (shown before it applies), exported, deleted. */
export function Recipes() {
  const r = useRecipes();
  const managed = usePolicy()?.recipes ?? [];
  const onChange = (e: Event) => {
    const input = e.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (file) void r.pick(file);
    input.value = ''; // the same file again is a new import
  };
  return (
    <section class="section recipes" aria-labelledby="recipes-title">
      <h2 id="recipes-title">{t('recipes_title')}</h2>
      <p class="grade-line">{t('recipes_line')}</p>
      <label class="file-pick">
        <span class="btn">{t('recipe_import')}</span>
        <input type="file" data-testid="recipe-import" accept=".json,application/json" onChange={onChange} />
      </label>
      {r.error && (
        <p class="error" role="alert" data-testid="recipe-error">
          {r.error}
        </p>
      )}
      {r.preview && <RecipePreview preview={r.preview} onApply={() => void r.apply()} onCancel={r.cancel} />}
      {r.loadError && <p class="error">{r.loadError}</p>}
      {r.recipes?.length === 0 && <p class="muted">{t('recipes_none')}</p>}
      <ul class="sites">
        {r.recipes?.map((recipe) => (
          <li key={recipe.site} class="site" data-testid="recipe" data-site={recipe.site}>
            <span class="site-name">{recipe.site}</span> <span class="muted">{recipe.title}</span>{' '}
            {r.tested && !r.tested.includes(recipe.site) && (
              <span class="badge badge-warn" data-testid="recipe-untested" title={t('recipe_untested_hint')}>
                {t('recipe_untested')}
              </span>
            )}
            <button type="button" class="btn" data-testid="recipe-export" onClick={() => exportRecipe(recipe)}>
              {t('recipe_export')}
            </button>
            {managed.includes(recipe.site) ? (
              <Managed testId="recipe-managed" />
            ) : (
              <button type="button" class="btn btn-quiet" data-testid="recipe-delete" onClick={() => void r.remove(recipe.site)}>
                {t('recipe_delete')}
              </button>
            )}
          </li>
        ))}
      </ul>
      <BuiltinRecipes />
    </section>
  );
}

/** The recipes that ship with Deskmate, each with where it applies and its "Works here" tick. */
function BuiltinRecipes() {
  const b = useBuiltinRecipes();
  return (
    <>
      <h3>{t('recipes_builtin_title')}</h3>
      <p class="grade-line">{t('recipes_builtin_line')}</p>
      {b.error && <p class="error">{b.error}</p>}
      <ul class="sites">
        {b.recipes?.map((recipe) => (
          <li key={recipe.id} class="site" data-testid="builtin-recipe" data-recipe={recipe.id}>
            <strong>{recipe.title}</strong> <span class="muted">{recipe.where ?? t('recipe_builtin_anywhere')}</span>{' '}
            <BuiltinRecipeStatus recipe={recipe} onWorks={(works) => void b.setWorks(recipe.id, works)} />
          </li>
        ))}
      </ul>
    </>
  );
}
