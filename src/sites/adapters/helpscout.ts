import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { helpscoutRecipe } from './helpscout-page';

/** Help Scout's conversation pages on secure.helpscout.net: a built-in recipe (src/sites/adapters/helpscout.json). */
export default defineAdapter(builtinRecipeAdapter(helpscoutRecipe));
