import type { PageToolName } from './page-tools';

/**
 * Site recipes: a helpdesk described as data (src/shared/recipe.schema.json, documented in the
 * README). A recipe names places on the page and nothing else: no script, no grades. Which
 * tools it yields, and their grades, the extension decides (recipeTools, PAGE_TOOLS).
 */
export interface Recipe {
  format: 'deskmate-recipe';
  version: 1;
  site: string;
  title: string;
  /** For people only: where the selectors come from. Never read by the code. */
  comment?: string;
  ticket: { path: string; hash?: boolean; present?: string; label?: string; key?: { selector: string; attribute: string } };
  read: {
    subject: string;
    status?: string;
    requesterName?: string;
    requesterEmail?: string;
    messages: string;
    author?: string;
    time?: string;
    body: string;
    role?: RecipeRoles;
    newestFirst?: boolean;
  };
  reply?: RecipeReply;
  /** The internal note box, described like the reply form. */
  note?: RecipeReply;
  /** The helpdesk's own ticket search: past tickets, searched and read by key. */
  search?: RecipeSearch;
}

/** Paths on the recipe's site ({query}, {key}); the other selectors are relative to each result. */
export interface RecipeSearch {
  /** The search page's address on the site, with `{query}` where the words go (encoded). */
  url: string;
  /** The ticket page by key, with `{key}`: what ticket.read({ key }) fetches. */
  ticket: string;
  /** Each match on the results page. */
  results: string;
  /** The link to the match's ticket page. */
  link: string;
  number?: string;
  subject?: string;
  status?: string;
  requester?: string;
  /** The last update: a `datetime` attribute where there is one, else the text. */
  updated?: string;
}

export type RoleName = 'customer' | 'agent' | 'internal';
export interface RoleMatch {
  values?: string[];
  selector?: string;
}
export type RecipeRoles = { attribute?: string; otherwise?: RoleName | 'system' } & { [R in RoleName]?: RoleMatch };

export interface RecipeReply {
  page?: string;
  open?: string;
  editor: string;
  editorKind: 'textarea' | 'contenteditable' | 'iframe';
  mirror?: string;
  submit: string;
  error?: string;
  afterPost: 'thread' | 'reload';
}

/** Whether a page path (with {key} in it) stays on `site`: "//host/…" and "/\\host/…" do not. */
export function onSite(page: string, site: string): boolean {
  try {
    return new URL(page.replace(/\{key\}/g, '1'), site).origin === site;
  } catch {
    return false;
  }
}

/** Every selector of a recipe, with the field it is in. */
export function selectorsOf(recipe: Recipe): [string, string][] {
  const out: [string, string][] = [];
  const add = (prefix: string, obj: object | undefined, keys: string[]) => {
    for (const key of keys) {
      const v = (obj as Record<string, unknown> | undefined)?.[key];
      if (typeof v === 'string') out.push([`${prefix}.${key}`, v]);
    }
  };
  add('recipe.ticket', recipe.ticket, ['present', 'label']);
  add('recipe.ticket.key', recipe.ticket.key, ['selector']);
  add('recipe.read', recipe.read, ['subject', 'status', 'requesterName', 'requesterEmail', 'messages', 'author', 'time', 'body']);
  for (const role of ['customer', 'agent', 'internal'] as const) add(`recipe.read.role.${role}`, recipe.read.role?.[role], ['selector']);
  add('recipe.reply', recipe.reply, ['open', 'editor', 'mirror', 'submit', 'error']);
  add('recipe.note', recipe.note, ['open', 'editor', 'mirror', 'submit', 'error']);
  add('recipe.search', recipe.search, ['results', 'link', 'number', 'subject', 'status', 'requester', 'updated']);
  return out;
}

/**
 * The tools a recipe yields: reading always; insert and send when it describes a reply form; an
 * internal note when it describes a note box; the helpdesk's search when it describes one. Their
 * grades are the catalogue's (PAGE_TOOLS).
 */
export const recipeTools = (recipe: Recipe): PageToolName[] => [
  'ticket.read',
  ...(recipe.search ? (['tickets.search'] as const) : []),
  ...(recipe.reply ? (['reply.fill', 'reply.send'] as const) : []),
  ...(recipe.note ? (['note.add'] as const) : []),
];

/** Whether any selector of the ticket page names the ticket's key ({key}); a search result's selectors never do. */
export const usesKey = (recipe: Recipe): boolean => selectorsOf(recipe).some(([where, s]) => !where.startsWith('recipe.search') && s.includes('{key}'));

/** A key that can stand inside a quoted CSS string or an attribute value as it is. */
const PLAIN_KEY = /^[\w.-]{1,80}$/;

/**
 * The recipe for one ticket: {key} in its selectors replaced by the key, or null for a key
 * that could break out of the selector (only word characters, dots and dashes go in).
 */
export function withKey(recipe: Recipe, key: string): Recipe | null {
  if (!PLAIN_KEY.test(key)) return null;
  const bound = structuredClone(recipe);
  const sub = (obj: object | undefined, keys: string[]) => {
    const o = obj as Record<string, unknown> | undefined;
    for (const k of keys) if (o && typeof o[k] === 'string') o[k] = (o[k] as string).replace(/\{key\}/g, key);
  };
  sub(bound.ticket, ['present', 'label']);
  sub(bound.ticket.key, ['selector']);
  sub(bound.read, ['subject', 'status', 'requesterName', 'requesterEmail', 'messages', 'author', 'time', 'body']);
  for (const role of ['customer', 'agent', 'internal'] as const) sub(bound.read.role?.[role], ['selector']);
  sub(bound.reply, ['open', 'editor', 'mirror', 'submit', 'error']);
  sub(bound.note, ['open', 'editor', 'mirror', 'submit', 'error']);
  return bound;
}

/** The adapter id a recipe runs under: one per site, so a recipe can only ever serve its own. */
export const recipeAdapterId = (site: string): string => `recipe:${site}`;
