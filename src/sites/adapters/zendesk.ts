import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { zendeskRecipe } from './zendesk-page';

/** Zendesk's agent workspace on <account>.zendesk.com: a built-in recipe (src/sites/adapters/zendesk.json). */
export default defineAdapter(builtinRecipeAdapter(zendeskRecipe));
