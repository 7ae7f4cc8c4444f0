import type { AdapterPage, PageTicket } from '../adapter';
import { recipeAdapterId, usesKey, withKey, type Recipe } from '../../shared/recipe-format';
import { keyOf, shownTicket } from './recipe-read';

type Shown = (url: URL, doc: Document) => PageTicket | null;

/**
 * Which pages a recipe serves and the ticket each shows: what every page load needs of a recipe
 * (its tools, recipe.ts, load with the content script's tools part). A recipe whose selectors
 * name the ticket's key ({key}) recognises a page by the selectors bound to the key in its URL.
 */
export function recipePage(recipe: Recipe): AdapterPage {
  const id = recipeAdapterId(recipe.site);
  if (!usesKey(recipe)) {
    const shown = shownTicket(recipe);
    return { id, detect: (url, doc) => shown(url, doc) !== null, ticket: shown };
  }
  const byKey = new Map<string, Shown | null>();
  const ticket = (url: URL, doc: Document): PageTicket | null => {
    const key = keyOf(recipe, url);
    if (key === null) return null;
    if (!byKey.has(key)) {
      if (byKey.size > 100) byKey.clear();
      const bound = withKey(recipe, key);
      byKey.set(key, bound && shownTicket(bound));
    }
    return byKey.get(key)?.(url, doc) ?? null;
  };
  return { id, detect: (url, doc) => ticket(url, doc) !== null, ticket };
}

/**
 * A recipe that ships with Deskmate for a helpdesk we cannot run here (src/sites/adapters/<id>.json).
 * It runs only where Deskmate runs (loopback, or a site the agent enabled), on a host its
 * helpdesk uses (`hosts`), or on any such site for a self-hosted helpdesk (`hosts` null), where
 * its ticket path and page structure recognise the pages. Applied to the page's own origin, so
 * it serves one site at a time, like an imported recipe.
 */
export interface BuiltinRecipe {
  id: string;
  recipe: Recipe;
  /** The hosts (hostname, no port) the helpdesk lives on; null for a self-hosted one. */
  hosts: RegExp | null;
}

/** The pages a built-in recipe serves: on a host of its helpdesk, by the recipe applied to the page's origin. */
export function builtinRecipePage({ id, recipe, hosts }: BuiltinRecipe): AdapterPage {
  const byOrigin = new Map<string, AdapterPage>();
  const on = (origin: string): AdapterPage => {
    let page = byOrigin.get(origin);
    if (!page) byOrigin.set(origin, (page = recipePage({ ...recipe, site: origin })));
    return page;
  };
  const ours = (url: URL): boolean => !hosts || hosts.test(url.hostname);
  return {
    id,
    detect: (url, doc) => ours(url) && on(url.origin).detect(url, doc),
    ticket: (url, doc) => (ours(url) ? on(url.origin).ticket(url, doc) : null),
  };
}
