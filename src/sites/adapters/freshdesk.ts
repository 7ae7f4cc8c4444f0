import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { freshdeskRecipe } from './freshdesk-page';

/** Freshdesk on <account>.freshdesk.com: a built-in recipe (src/sites/adapters/freshdesk.json). */
export default defineAdapter(builtinRecipeAdapter(freshdeskRecipe));
