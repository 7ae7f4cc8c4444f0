import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './freshdesk.json';

/** Freshdesk on <account>.freshdesk.com: a built-in recipe (src/sites/adapters/freshdesk.json). */
export default defineAdapter(builtinRecipeAdapter({ id: 'freshdesk', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.freshdesk }));
