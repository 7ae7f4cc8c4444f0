import { describe, expect, it } from 'vitest';
import { selectorsOf, usesKey, withKey, type Recipe } from '../../src/shared/recipe-check';

/**
 * A recipe's selectors may name the ticket's key ({key}); the key comes from the page (its
 * address or an attribute), so a page controls it. Only a plain key goes into a selector: one
 * that could close the quoted value would let the page choose what the recipe reads and fills.
 */
const recipe = (): Recipe => ({
  format: 'deskmate-recipe',
  version: 1,
  site: 'https://desk.example.com',
  title: 'Keyed desk',
  ticket: { path: '^/t/(\\d+)$', present: '[data-ticket="{key}"]', label: '#t-{key} .label', key: { selector: '[data-key="{key}"]', attribute: 'data-key' } },
  read: {
    subject: '#t-{key} h1',
    status: '#t-{key} .status',
    requesterName: '#t-{key} .name',
    requesterEmail: '#t-{key} .email',
    messages: '#t-{key} .msg',
    author: '.author[data-t="{key}"]',
    time: '.time[data-t="{key}"]',
    body: '.body[data-t="{key}"]',
    role: { attribute: 'data-role', customer: { selector: '.c-{key}' }, agent: { selector: '.a-{key}' }, internal: { selector: '.i-{key}' } },
  },
  reply: { open: '#open-{key}', editor: '#editor-{key}', editorKind: 'textarea', mirror: '#mirror-{key}', submit: '#send-{key}', error: '#error-{key}', afterPost: 'thread' },
  note: { open: '#nopen-{key}', editor: '#note-{key}', editorKind: 'textarea', mirror: '#nmirror-{key}', submit: '#nsend-{key}', error: '#nerror-{key}', afterPost: 'thread' },
});

describe('the ticket key in a recipe’s selectors', () => {
  it('replaces every {key} in every selector with a plain key, and leaves the recipe given as it was', () => {
    const given = recipe();
    const bound = withKey(given, 'T-42.b_7')!;
    const selectors = selectorsOf(bound);
    expect(selectors).toHaveLength(selectorsOf(given).length);
    for (const [where, selector] of selectors) {
      expect([where, selector]).toEqual([where, expect.not.stringContaining('{key}')]);
      expect([where, selector]).toEqual([where, expect.stringContaining('T-42.b_7')]);
    }
    expect(bound.read.subject).toBe('#t-T-42.b_7 h1');
    expect(bound.ticket.key).toEqual({ selector: '[data-key="T-42.b_7"]', attribute: 'data-key' });
    expect(given).toEqual(recipe());
  });

  it('replaces a {key} named twice in one selector both times', () => {
    const twice = recipe();
    twice.read.messages = '#t-{key} .msg[data-t="{key}"]';
    expect(withKey(twice, '9')!.read.messages).toBe('#t-9 .msg[data-t="9"]');
  });

  it('refuses a key that could break out of the selector, wherever the plain part of it is', () => {
    for (const key of ['5"], body, [x="y', 'x"], body', '5"] , body [x="', '7 .secret', 'a\nb', '7\n', "7'", '7]', '', ' 7']) {
      expect([key, withKey(recipe(), key)]).toEqual([key, null]);
    }
  });

  it('takes keys up to 80 characters and refuses longer ones', () => {
    expect(withKey(recipe(), 'k'.repeat(80))?.read.subject).toBe(`#t-${'k'.repeat(80)} h1`);
    expect(withKey(recipe(), 'k'.repeat(81))).toBeNull();
  });

  it('tells a recipe that names the key from one that does not', () => {
    expect(usesKey(recipe())).toBe(true);
    const plain = recipe();
    for (const [where] of selectorsOf(plain)) {
      const [, ...path] = where.split('.');
      let obj = plain as unknown as Record<string, unknown>;
      for (const p of path.slice(0, -1)) obj = obj[p] as Record<string, unknown>;
      obj[path.at(-1)!] = (obj[path.at(-1)!] as string).replaceAll('{key}', '1');
    }
    expect(usesKey(plain)).toBe(false);
    // One {key} anywhere is enough, even in the note box alone.
    plain.note!.submit = '#nsend-{key}';
    expect(usesKey(plain)).toBe(true);
  });
});
