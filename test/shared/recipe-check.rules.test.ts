import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';

/**
 * The rules the schema cannot say, from the side of a recipe that keeps them: the check must
 * take every helpdesk shape it is meant for, not only refuse the ones it is not.
 */
const valid = (): Recipe => JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe;
const errorOf = (value: unknown) => {
  const r = checkRecipe(value);
  return r.ok ? null : r.error;
};
const NOTE = { editor: 'form.note textarea', editorKind: 'textarea', submit: 'form.note button', afterPost: 'thread' } as const;
const withNote = (note: Partial<NonNullable<Recipe['note']>> = {}, role: NonNullable<Recipe['read']['role']> = { internal: { values: ['internal'] } }): Recipe => {
  const r = valid();
  r.read.role = { ...r.read.role, ...role };
  r.note = { ...NOTE, ...note };
  return r;
};

describe('the ticket path', () => {
  it('may capture the key in a named group', () => {
    expect(checkRecipe({ ...valid(), ticket: { path: '^/tickets/(?<key>\\d+)$' } })).toMatchObject({ ok: true });
    expect(checkRecipe({ ...valid(), ticket: { path: '^/t/(?:x)?(?<ticketNumber>[A-Z]+-\\d+)$' } })).toMatchObject({ ok: true });
  });

  it('needs a group that captures: one that only groups does not', () => {
    for (const path of ['^/tickets/(?:\\d+)$', '^/tickets/\\d+(?:/reply)?$']) {
      expect([path, errorOf({ ...valid(), ticket: { path } })]).toEqual([path, 'recipe.ticket.path: needs a group that captures the ticket key.']);
    }
  });
});

describe('a reply or note page', () => {
  it('may start with the key: "/{key}/reply" is a path of the site', () => {
    const r = valid();
    r.reply = { ...r.reply!, page: '/{key}/reply', afterPost: 'reload' };
    expect(checkRecipe(r)).toMatchObject({ ok: true });
    expect(checkRecipe(withNote({ page: '/{key}/note' }))).toMatchObject({ ok: true });
  });

  it('that is no address at all is refused as leaving the site', () => {
    const r = valid();
    r.reply = { ...r.reply!, page: '//[' };
    expect(errorOf(r)).toBe(`recipe.reply.page: "//[" leaves the site; a reply page is a path on ${r.site}.`);
    expect(errorOf(withNote({ page: '//desk^example.com/{key}' }))).toBe(`recipe.note.page: "//desk^example.com/{key}" leaves the site; a reply page is a path on ${r.site}.`);
  });
});

describe('a note box', () => {
  it('needs no reply form beside it', () => {
    const { reply: _, ...notesOnly } = withNote();
    expect(checkRecipe(notesOnly)).toMatchObject({ ok: true });
  });

  it('on a page of its own may use the same selectors as the reply form: the two are never on one page', () => {
    const r = withNote({ page: '/inline/tickets/{key}/note', editor: valid().reply!.editor, submit: valid().reply!.submit });
    expect(checkRecipe(r)).toMatchObject({ ok: true });
    // The same two on the ticket page are the reply form itself.
    expect(errorOf(withNote({ editor: valid().reply!.editor }))).toMatch(/^recipe\.note\.editor: .* is the reply form's editor/);
  });

  it('is taken where the thread tells a note by being neither the customer nor an agent', () => {
    expect(checkRecipe(withNote({}, { otherwise: 'internal' }))).toMatchObject({ ok: true });
    for (const otherwise of ['system', 'agent'] as const) {
      expect(errorOf(withNote({}, { otherwise }))).toMatch(/^recipe\.read\.role\.internal: a recipe with a note box must say how the thread shows an internal note/);
    }
  });
});
