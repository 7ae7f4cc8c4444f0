import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';

/**
 * What an agent reads when the import refuses a recipe file (the options page shows the error as
 * it is) and what the policy log says of an organisation's recipe: every problem found, each with
 * the field it is in, so the file can be fixed in one go.
 */
const valid = (): Recipe => JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-iframe.json', import.meta.url), 'utf8')) as Recipe;
const errorOf = (value: unknown) => {
  const r = checkRecipe(value);
  return r.ok ? null : r.error;
};

describe('the words of a refused recipe', () => {
  it('names each problem with its field, one after the other, not only the first', () => {
    const r = { ...valid(), version: 2, title: '' };
    expect(errorOf(r)).toBe('recipe.version: Instance does not match 1. recipe.title: String is too short (0 < 1).');
  });

  it('stops at four problems, so a file that is wrong everywhere still gets a message one can read', () => {
    const r = Object.assign(valid(), { version: 2, title: '', extra: true });
    r.read.subject = '';
    r.reply = { ...r.reply!, editorKind: 'tinymce' as never, afterPost: 'later' as never };
    const error = errorOf(r)!;
    expect(error).toBe(
      'recipe.version: Instance does not match 1. recipe.title: String is too short (0 < 1). recipe.read.subject: String is too short (0 < 1). ' +
        'recipe.reply.editorKind: Instance does not match any of ["textarea","contenteditable","iframe"].',
    );
    expect(error).not.toMatch(/afterPost|extra/);
  });

  it('names the item of a list that is wrong, not only the list around it', () => {
    const r = valid();
    r.read.role!.customer = { values: ['customer', 5 as never] };
    expect(errorOf(r)).toBe('recipe.read.role.customer.values.1: Instance type "number" is invalid. Expected "string".');
  });

  it('calls a value that is not an object at all the recipe', () => {
    for (const value of [null, 'a recipe', [valid()]]) expect([value, errorOf(value)]).toEqual([value, expect.stringMatching(/^recipe: Instance type "\w+" is invalid\. Expected "object"\.$/)]);
  });

  it('gives the one code the import and the policy test for, whatever the reason', () => {
    const noteWithoutRoles = valid();
    noteWithoutRoles.note = { editor: '#note', editorKind: 'textarea', submit: '#add-note', afterPost: 'thread' };
    const refused = [
      { ...valid(), version: 2 },
      { ...valid(), ticket: { path: '^/t/\\d+$' } },
      { ...valid(), ticket: { path: '^/t/((\\w+)+)$' } },
      { ...valid(), site: 'http://Desk.example.com' },
      { ...valid(), reply: { ...valid().reply!, page: '//evil.example/{key}' } },
      noteWithoutRoles,
    ];
    for (const r of refused) expect(checkRecipe(r)).toEqual({ ok: false, code: 'invalid_recipe', error: expect.stringMatching(/^recipe\.\w+/) });
    expect(checkRecipe(valid(), (s) => s !== '#post')).toEqual({ ok: false, code: 'invalid_recipe', error: 'recipe.reply.submit: "#post" is not a CSS selector.' });
  });
});

describe('the site of a recipe', () => {
  it('must be written as the origin the browser reports, and the refusal says how to write it', () => {
    // The recipe is matched to a tab by its origin as a string: "http://Desk…" or ":80" would never match one.
    for (const site of ['http://Desk.Example.com', 'http://desk.example.com:80', 'https://desk.example.com:443', 'http://ana@desk.example.com']) {
      expect([site, errorOf({ ...valid(), site })]).toEqual([site, `recipe.site: must be an origin like ${site.startsWith('https') ? 'https' : 'http'}://desk.example.com.`]);
    }
    expect(checkRecipe({ ...valid(), site: 'https://desk.example.com:8443' })).toMatchObject({ ok: true });
  });
});
