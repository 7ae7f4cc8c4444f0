import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { zammadRecipe } from './zammad-page';

/**
 * Zammad, self-hosted at any address: a built-in recipe (src/sites/adapters/zammad.json) for any
 * site the agent enabled, recognised by its ticket route (#ticket/zoom/<id>) and page structure.
 */
export default defineAdapter(builtinRecipeAdapter(zammadRecipe));
