import { builtinRecipePage, type BuiltinRecipe } from '../recipes/recipe-page';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './zendesk.json';

export const zendeskRecipe: BuiltinRecipe = { id: 'zendesk', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.zendesk };

/** What every page load needs: the pages the recipe recognises, on the hosts it runs on. */
export const zendeskPage = builtinRecipePage(zendeskRecipe);
