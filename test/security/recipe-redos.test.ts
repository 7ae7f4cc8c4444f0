import { afterEach, describe, expect } from 'vitest';
import { Window } from 'happy-dom';
import { attack, attackEach } from './attack';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';
import { adapterFromRecipe } from '../../src/sites/recipes/recipe';
import { keyOf, shownTicket } from '../../src/sites/recipes/recipe-read';

/**
 * Issue 27, from the attacker's side: a recipe whose ticket path is a regular expression that
 * takes exponential (or high polynomial) time. The content script runs the path against the
 * tab's address on every look at the page, in the page's own thread: one such match freezes the
 * helpdesk's tab for minutes, or for good. The recipe comes from a file anyone may hand an agent
 * (or a policy); the address from the helpdesk, or a link a customer put in a ticket.
 */
const ORIGIN = 'http://desk.attack.test';

const recipe = (path: string, label?: string): Recipe => ({
  format: 'deskmate-recipe',
  version: 1,
  site: ORIGIN,
  title: 'Attack desk',
  ticket: { path, ...(label ? { label } : {}) },
  read: { subject: 'h1', messages: '.msg', body: '.text' },
});

const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

function page(path: string, html: string) {
  const window = new Window({ url: `${ORIGIN}${path}` });
  windows.push(window);
  const doc = window.document as unknown as Document;
  doc.write(html);
  return { doc, url: new URL(`${ORIGIN}${path}`) };
}

// Each takes 2^n or n^4 steps on an address a few dozen (or a few hundred) characters long.
const SLOW_PATHS = [
  { path: '^/t/((\\w+)+)$', why: 'a repeated group of repeats' },
  { path: '^/t/((a|a)*)$', why: 'a repeated alternation' },
  { path: '^/t/(?:(\\d+)-?)*$', why: 'a repeated group' },
  { path: '^/t/(\\d+)(?:/\\w+){2,}$', why: 'a group repeated by braces' },
  { path: '^/t/(\\w*)\\w*\\w*\\w*x', why: 'four unbounded repeats in a row' },
  { path: '/t/(.*)(.*)(.*)x', why: 'three repeats, tried at every position' },
  { path: '^/t/(\\w+)/\\1$', why: 'a back-reference' },
  { path: '^/t/(?=(\\w+)+!)(\\d+)', why: 'a lookahead' },
];

describe('a recipe whose ticket path takes exponential time cannot freeze the page (attacker side)', () => {
  attackEach(
    SLOW_PATHS,
    (c) => `a ticket path with ${c.why} (${c.path}) is refused at import, from a policy and by the content script`,
    (c) => {
      const check = checkRecipe(recipe(c.path));
      expect(check).toMatchObject({ ok: false, error: expect.stringMatching(/^recipe\.ticket\.path: /) });
    },
  );

  attack('a slow path that reached the content script unchecked (stored before the check) matches no address', () => {
    // On '/t/' + 40 letters + '!' this path never returns; on a plain address it would match.
    for (const { path } of SLOW_PATHS.slice(0, 5)) {
      const r = recipe(path);
      expect(keyOf(r, new URL(`${ORIGIN}/t/1234`))).toBeNull();
      expect(adapterFromRecipe(r).detect(new URL(`${ORIGIN}/t/1234x`), page('/t/1234x', '<h1>x</h1>').doc)).toBe(false);
    }
  });

  attack('an accepted path with three unbounded repeats is not run over a long address (a link a customer sent)', () => {
    const r = recipe('^/t/(\\d+)(?:/[\\w-]*)?/?(?:\\?.*)?$');
    expect(checkRecipe(r)).toMatchObject({ ok: true });
    expect(keyOf(r, new URL(`${ORIGIN}/t/5?${'a'.repeat(100)}`))).toBe('5');
    // Matched in full, this address costs the path's worst case: n³ steps, seconds at 4,000 characters.
    expect(keyOf(r, new URL(`${ORIGIN}/t/5?${'a'.repeat(4000)}`))).toBeNull();
  });

  attack('a ticket label the page fills with 60,000 characters is read at its end only (quadratic on the whole text)', () => {
    const label = `${'a'.repeat(60_000)}!`;
    const { doc, url } = page('/t/5', `<h1>Broken lamp</h1><p class="no">${label} #5</p>`);
    expect(shownTicket(recipe('^/t/(\\d+)$', 'p.no'))(url, doc)).toEqual({ key: '5', label: '#5' });
    const hostile = page('/t/5', `<h1>Broken lamp</h1><p class="no">${label}</p>`);
    expect(shownTicket(recipe('^/t/(\\d+)$', 'p.no'))(hostile.url, hostile.doc)).toEqual({ key: '5', label: '#5' });
  });
});
