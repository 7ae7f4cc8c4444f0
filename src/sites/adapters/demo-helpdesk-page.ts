import { builtinRecipePage } from '../recipes/recipe-page';
import type { Recipe } from '../../shared/recipe-format';
import demoRecipe from './demo-helpdesk.json';

export const RECIPE = demoRecipe as Recipe;

/**
 * What every page load needs: the demo's pages on any loopback port (the tests pick free ones),
 * by its recipe applied to the page's own origin; the marker in its `present` selector keeps it
 * to the demo's pages.
 */
export const demoHelpdeskPage = builtinRecipePage({ id: 'demo-helpdesk', recipe: RECIPE, hosts: null });
