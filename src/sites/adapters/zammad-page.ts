import { builtinRecipePage, type BuiltinRecipe } from '../recipes/recipe-page';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './zammad.json';

export const zammadRecipe: BuiltinRecipe = { id: 'zammad', recipe: recipe as Recipe, hosts: null };

/** What every page load needs: the pages the recipe recognises, on the hosts it runs on. */
export const zammadPage = builtinRecipePage(zammadRecipe);
