import { defineAdapter } from '../adapter';
import { builtinRecipeAdapter } from '../recipes/builtin-recipe';
import { HELPDESK_HOSTS } from '../catalog';
import type { Recipe } from '../../shared/recipe-format';
import recipe from './zendesk.json';

/** Zendesk's agent workspace on <account>.zendesk.com: a built-in recipe (src/sites/adapters/zendesk.json). */
export default defineAdapter(builtinRecipeAdapter({ id: 'zendesk', recipe: recipe as Recipe, hosts: HELPDESK_HOSTS.zendesk }));
