import { registerContentPart } from '@/src/sites/content-parts';
import { checkRecipe } from '@/src/shared/recipe-check';
import { highlightRecipe, type RecipesPart } from '@/src/content/recipe-highlight';

/**
 * The recipe check (its JSON Schema validator) and the recipe highlight, kept out of the content
 * script every page loads: the background runs this script in the tab's top frame when the site
 * has a recipe of its own, or the agent highlights one (src/background/pages/content-part-handlers.ts).
 */
export default defineUnlistedScript(() => {
  const part: RecipesPart = { checkRecipe, highlightRecipe };
  registerContentPart('recipes', part);
});
