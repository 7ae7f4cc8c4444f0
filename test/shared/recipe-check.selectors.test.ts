import { describe, expect, it } from 'vitest';
import { checkRecipe, selectorsOf, withKey, type Recipe } from '../../src/shared/recipe-check';
import schema from '../../src/shared/recipe.schema.json';

/**
 * Every selector a recipe holds is checked to parse where a page can say so (the import, the
 * content script), and a refusal names the field by its path. Which fields are selectors is read
 * from the schema (each `$ref` to `#/$defs/selector`), so a field the schema gains is checked too.
 */
type Node = { $ref?: string; properties?: Record<string, Node> };
const defs = (schema as unknown as { $defs: Record<string, Node> }).$defs;
function selectorFields(node: Node, path: string): string[] {
  if (node.$ref === '#/$defs/selector') return [path];
  if (node.$ref) return selectorFields(defs[node.$ref.replace('#/$defs/', '')]!, path);
  return Object.entries(node.properties ?? {}).flatMap(([key, child]) => selectorFields(child, `${path}.${key}`));
}
const FIELDS = selectorFields(schema as unknown as Node, 'recipe');

/** A recipe with every selector field set, each to a selector naming its own field. */
function everySelector(): Recipe {
  const r: Record<string, unknown> = {
    format: 'deskmate-recipe',
    version: 1,
    site: 'https://desk.example.com',
    title: 'Every field',
    ticket: { path: '^/t/(\\d+)$', key: { attribute: 'data-key' } },
    read: { role: { attribute: 'data-role' } },
    reply: { editorKind: 'textarea', afterPost: 'thread' },
    note: { editorKind: 'textarea', afterPost: 'thread' },
    search: { url: '/search?q={query}', ticket: '/t/{key}' },
  };
  for (const field of FIELDS) set(r, field, `.${field.replaceAll('.', '-')}`);
  return r as unknown as Recipe;
}
function set(obj: Record<string, unknown>, field: string, value: string) {
  const keys = field.split('.').slice(1);
  let o = obj;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys.at(-1)!] = value;
}

describe("a recipe's selectors", () => {
  it('are the 31 the schema names, and a recipe with all of them is taken', () => {
    expect(FIELDS).toHaveLength(31);
    expect(checkRecipe(everySelector(), () => true)).toMatchObject({ ok: true });
  });

  it('are each checked, and the one that does not parse is named by its field', () => {
    for (const field of FIELDS) {
      const r = everySelector();
      set(r as unknown as Record<string, unknown>, field, `${field}[`);
      const check = checkRecipe(r, (s) => !s.endsWith('['));
      expect([field, check]).toEqual([field, { ok: false, code: 'invalid_recipe', error: `${field}: "${field}[" is not a CSS selector.` }]);
    }
  });

  it('are all the page is asked about, each once', () => {
    const asked: string[] = [];
    checkRecipe(everySelector(), (s) => (asked.push(s), true));
    expect(asked.sort()).toEqual(FIELDS.map((f) => `.${f.replaceAll('.', '-')}`).sort());
    expect(selectorsOf(everySelector()).map(([where]) => where).sort()).toEqual([...FIELDS].sort());
  });
});

describe('the key put into a recipe', () => {
  it('goes into every selector of the ticket page, and never into a search result’s', () => {
    const keyed = everySelector();
    for (const field of FIELDS) set(keyed as unknown as Record<string, unknown>, field, `[data-for="{key}"]`);
    const bound = withKey(keyed, 'T-7')!;
    for (const [where, selector] of selectorsOf(bound)) {
      expect([where, selector]).toEqual([where, where.startsWith('recipe.search.') ? '[data-for="{key}"]' : '[data-for="T-7"]']);
    }
  });

  it('binds a recipe that names no roles, no reply form and no key attribute', () => {
    const r: Recipe = {
      format: 'deskmate-recipe',
      version: 1,
      site: 'https://desk.example.com',
      title: 'Read only',
      ticket: { path: '^/t/(\\d+)$' },
      read: { subject: '#t-{key} h1', messages: '#t-{key} .msg', body: '.text' },
    };
    expect(withKey(r, '7')).toEqual({ ...r, read: { subject: '#t-7 h1', messages: '#t-7 .msg', body: '.text' } });
  });
});
