import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecipe, recipeTools, usesKey, type Recipe } from '../../src/shared/recipe-check';

const withSearch = (): Recipe => JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-search.json', import.meta.url), 'utf8')) as Recipe;
const errorOf = (value: unknown, selectors?: (s: string) => boolean) => {
  const r = checkRecipe(value, selectors);
  return r.ok ? null : r.error;
};
const searching = (search: Partial<NonNullable<Recipe['search']>>) => ({ ...withSearch(), search: { ...withSearch().search!, ...search } });

describe("the recipe format's search section", () => {
  it('is optional, and with it the recipe yields tickets.search beside ticket.read', () => {
    expect(checkRecipe(withSearch())).toMatchObject({ ok: true });
    expect(recipeTools(withSearch())).toEqual(['ticket.read', 'tickets.search']);
    const { search: _, ...without } = withSearch();
    expect(recipeTools(without as Recipe)).toEqual(['ticket.read']);
  });

  it('needs the words ({query}) in the search page and the key ({key}) in the ticket page, both paths of the site', () => {
    expect(errorOf(searching({ url: '/reload/search' }))).toMatch(/^recipe\.search\.url: /);
    expect(errorOf(searching({ ticket: '/reload/tickets/7' }))).toMatch(/^recipe\.search\.ticket: /);
    expect(errorOf(searching({ url: 'search?q={query}' }))).toMatch(/^recipe\.search\.url: /);
    expect(errorOf(searching({ url: '/search?q={query} x' }))).toMatch(/^recipe\.search\.url: /);
  });

  it('needs the result list and each result\'s link, and checks its selectors parse', () => {
    const { link: _, ...noLink } = withSearch().search!;
    expect(errorOf({ ...withSearch(), search: noLink })).toMatch(/recipe\.search.*link/);
    expect(errorOf(searching({ results: 'ol[' }), (s) => !s.endsWith('['))).toMatch(/^recipe\.search\.results: "ol\[" is not a CSS selector/);
    expect(errorOf(searching({ colour: '.x' } as never))).toMatch(/^recipe\.search/);
  });

  it("does not make the recipe one of a page of several tickets: a result's selectors never name {key}", () => {
    expect(usesKey(searching({ number: '.num[data-for="{key}"]' }))).toBe(false);
    expect(usesKey(withSearch())).toBe(false);
  });
});
