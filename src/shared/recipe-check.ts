import { Validator, type OutputUnit } from '@cfworker/json-schema';
import { onSite, selectorsOf, type Recipe } from './recipe-format';
import schema from './recipe.schema.json';
import { patternProblem } from './recipe-pattern';
import { originOf } from './origin';

/**
 * The check of a recipe (the format is in recipe-format.ts): the JSON Schema validator and the
 * rules it cannot say. The content script has it only where a site's own recipe is given to it
 * (a content part, entrypoints/page-recipes.ts).
 */
export * from './recipe-format';

export type RecipeCheck = { ok: true; recipe: Recipe } | { ok: false; code: 'invalid_recipe'; error: string };

// Its own copy: the validator annotates the schema it is given.
const validator = new Validator(structuredClone(schema) as object as Record<string, unknown>, '2020-12', false);
const SUMMARY = new Set(['properties', 'items', 'false', 'allOf', 'anyOf', '$ref']);

/** "recipe.reply.editor" from "#/reply/editor". */
const field = (location: string): string => 'recipe' + location.replace(/^#/, '').replace(/\/([^/]*)/g, (_, key: string) => `.${key}`);

function describe(errors: OutputUnit[]): string {
  const useful = errors.filter((e) => !SUMMARY.has(e.keyword));
  return (useful.length ? useful : errors)
    .slice(0, 4)
    .map((e) => `${field(e.instanceLocation)}: ${e.error}`)
    .join(' ');
}

const bad = (error: string): RecipeCheck => ({ ok: false, code: 'invalid_recipe', error });

/**
 * The value as JSON carries it. A recipe that came by structured clone (Firefox's messages) may
 * hold `undefined` properties, which JSON leaves out and the validator refuses to read; what JSON
 * cannot carry at all is no recipe.
 */
function asJson(value: unknown): { ok: true; value: unknown } | { ok: false } {
  try {
    const text = JSON.stringify(value);
    return text === undefined ? { ok: false } : { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Checks a recipe against the schema and what the schema cannot say: the path is a regular
 * expression with a group, the site is an origin. `selectorsValid` (where a DOM exists) also
 * checks that every selector parses.
 */
export function checkRecipe(value: unknown, selectorsValid?: (selector: string) => boolean): RecipeCheck {
  const json = asJson(value);
  if (!json.ok) return bad('recipe: not JSON data (it holds a cycle, a BigInt or a function).');
  const { valid, errors } = validator.validate(json.value);
  if (!valid) return bad(describe(errors));
  const recipe = json.value as Recipe;
  let path: RegExp;
  try {
    path = new RegExp(recipe.ticket.path);
  } catch (e) {
    return bad(`recipe.ticket.path: not a regular expression (${e instanceof Error ? e.message : String(e)}).`);
  }
  if (!/\((?!\?)/.test(path.source) && !/\(\?<\w+>/.test(path.source)) return bad('recipe.ticket.path: needs a group that captures the ticket key.');
  const slow = patternProblem(recipe.ticket.path);
  if (slow) return bad(`recipe.ticket.path: ${slow}`);
  // The schema's pattern lets through sites no URL parser takes ("http://[", "https://:443").
  const origin = originOf(recipe.site);
  if (!origin) return bad(`recipe.site: "${recipe.site}" is not a web address.`);
  if (origin !== recipe.site) return bad(`recipe.site: must be an origin like ${origin}.`);
  for (const [where, form] of [['reply', recipe.reply], ['note', recipe.note]] as const) {
    if (form?.page && !onSite(form.page, recipe.site)) return bad(`recipe.${where}.page: "${form.page}" leaves the site; a reply page is a path on ${recipe.site}.`);
  }
  const note = noteProblem(recipe);
  if (note) return bad(note);
  if (selectorsValid) {
    for (const [where, selector] of selectorsOf(recipe)) {
      if (!selectorsValid(selector)) return bad(`${where}: "${selector}" is not a CSS selector.`);
    }
  }
  return { ok: true, recipe };
}

/**
 * A note box is a promise that the customer does not see the text: a recipe whose note is the
 * reply form (the same editor or posting control on the same page) would post a "note" to the
 * customer, and one whose thread cannot tell a note from a reply could not check where it went.
 */
function noteProblem({ note, reply, read }: Recipe): string | null {
  if (!note) return null;
  if (reply && (note.page ?? '') === (reply.page ?? '')) {
    if (note.editor === reply.editor) return `recipe.note.editor: "${note.editor}" is the reply form's editor; a note posted there would reach the customer.`;
    if (note.submit === reply.submit) return `recipe.note.submit: "${note.submit}" is the reply form's posting control; a note posted there would reach the customer.`;
  }
  if (!read.role?.internal && read.role?.otherwise !== 'internal') {
    return 'recipe.read.role.internal: a recipe with a note box must say how the thread shows an internal note, so Deskmate can check that a note arrived as one.';
  }
  return null;
}
