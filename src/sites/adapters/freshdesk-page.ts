import { builtinRecipePage, type BuiltinRecipe } from '../recipes/recipe-page';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './freshdesk.json';

export const freshdeskRecipe: BuiltinRecipe = { id: 'freshdesk', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.freshdesk };

/** What every page load needs: the pages the recipe recognises, on the hosts it runs on. */
export const freshdeskPage = builtinRecipePage(freshdeskRecipe);
