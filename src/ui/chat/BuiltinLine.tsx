import { useBuiltinRecipes } from '../hooks/useBuiltinRecipes';
import { t } from '../i18n';
import { BuiltinRecipeStatus } from '../shared/BuiltinRecipeStatus';

/**
 * On a helpdesk a built-in recipe serves: whether it is confirmed, and the "Works here" tick
 * (nothing elsewhere). It shows once the list of built-in recipes has come from the background;
 * its own chunk (ChatTop), fetched meanwhile.
 */
export function BuiltinLine({ id }: { id: string }) {
  const b = useBuiltinRecipes();
  const recipe = b.recipes?.find((r) => r.id === id);
  if (!recipe) return null;
  return (
    <div class="builtin-line small">
      {t('recipe_builtin')} <BuiltinRecipeStatus recipe={recipe} onWorks={(works) => void b.setWorks(id, works)} />
      {b.error && <span class="error"> {b.error}</span>}
    </div>
  );
}
