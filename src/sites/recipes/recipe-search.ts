import type { Recipe, RecipeSearch } from '../../shared/recipe-format';
import type { PastTicketSite } from '../past/past-tickets';
import type { SearchSpec } from '../past/search-results';
import { keyOf, readTicket, shownTicket } from './recipe-read';

/**
 * A recipe's `search` section as the past-ticket tools take it: the search page and each
 * result as the recipe says, and another ticket's page at its `ticket` path, recognised and read
 * with the recipe's own ticket and read sections. The schema lets only paths of the site in (no
 * '//host'), and the fetch checks the origin again.
 */
export function pastTicketSite(recipe: Recipe, search: RecipeSearch): PastTicketSite & { search: SearchSpec } {
  const { ticket, ...spec } = search;
  return {
    // Resolved at each search, on the tab's page, which is on the recipe's site.
    search: spec,
    keyOf: (url) => keyOf(recipe, url),
    ticketUrl: (key) => onSite(recipe, ticket.replace('{key}', encodeURIComponent(key))),
    shown: shownTicket(recipe),
    read: (doc, label) => readTicket(recipe, doc, label),
  };
}

/** A path of the recipe's site as an address there; a path the schema let through that leads off-site throws. */
function onSite(recipe: Recipe, path: string): string {
  const url = new URL(path, `${recipe.site}/`);
  if (url.origin !== recipe.site) throw new Error(`${path} is not on ${recipe.site}`);
  return url.href;
}
