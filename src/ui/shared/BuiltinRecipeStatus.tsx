import type { BuiltinRecipeView } from '../../shared/protocol';
import { t } from '../i18n';

/**
 * A built-in recipe's standing: "not yet confirmed on a live install" until an agent ticks
 * "Works here" (kept for the recipe, in the background).
 */
export function BuiltinRecipeStatus({ recipe, onWorks }: { recipe: BuiltinRecipeView; onWorks(works: boolean): void }) {
  return (
    <span class="builtin-status">
      {!recipe.confirmed && (
        <span class="badge badge-warn" data-testid="recipe-unconfirmed" title={t('recipe_unconfirmed_hint')}>
          {t('recipe_unconfirmed')}
        </span>
      )}{' '}
      <label class="small">
        <input type="checkbox" data-testid="recipe-works-here" checked={!!recipe.confirmed} onChange={(e) => onWorks((e.currentTarget as HTMLInputElement).checked)} />{' '}
        {t('recipe_works_here')}
      </label>
    </span>
  );
}
