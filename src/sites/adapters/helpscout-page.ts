import { builtinRecipePage, type BuiltinRecipe } from '../recipes/recipe-page';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './helpscout.json';

export const helpscoutRecipe: BuiltinRecipe = { id: 'helpscout', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.helpscout };

/** What every page load needs: the pages the recipe recognises, on the hosts it runs on. */
export const helpscoutPage = builtinRecipePage(helpscoutRecipe);
