import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './helpscout.json';

/** Help Scout's conversation pages on secure.helpscout.net: a built-in recipe (src/sites/adapters/helpscout.json). */
export default defineAdapter(builtinRecipeAdapter({ id: 'helpscout', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.helpscout }));
