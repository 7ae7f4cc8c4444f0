import { afterEach, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import type { Recipe } from '../../../src/shared/recipe-check';
import { adapterFromRecipe } from '../../../src/sites/recipes/recipe';

/**
 * A recipe cannot read what a reply form's status or owner fields will do with the post, so the
 * card says the helpdesk may change them: where the form has such fields, or is on another page
 * out of sight at Send…; a form with none says nothing more.
 */
const ORIGIN = 'http://desk.effects.test';
const page = (form: string) => `<!doctype html><html><body>
  <h1 class="subject">Printer offline</h1><p class="from"><span class="name">Liam Chen</span> <span class="email">liam@example.com</span></p>
  <div class="thread"><article class="msg" data-role="customer"><div class="text">It stopped.</div></article></div>
  ${form}</body></html>`;
const recipe = (reply: Partial<Recipe['reply']> = {}): Recipe => ({
  format: 'deskmate-recipe',
  version: 1,
  site: ORIGIN,
  title: 'Effects desk',
  ticket: { path: '^/t/(\\d+)(?:/reply)?$' },
  read: { subject: 'h1.subject', requesterName: '.from .name', requesterEmail: '.from .email', messages: '.thread > .msg', body: '.text', role: { attribute: 'data-role', agent: { values: ['agent'] }, customer: { values: ['customer'] } } },
  reply: { editor: 'form textarea', editorKind: 'textarea', submit: 'form button', afterPost: 'reload', ...reply },
});

const windows: Window[] = [];
afterEach(async () => {
  await Promise.all(windows.splice(0).map((w) => w.happyDOM.close()));
});

async function prepared(r: Recipe, html: string) {
  const window = new Window({ url: `${ORIGIN}/t/3` });
  windows.push(window);
  window.document.write(html);
  const result = await adapterFromRecipe(r).tools['reply.send']!.prepare({ body: 'Hello Liam' }, window.document as unknown as Document, window.location as unknown as Location);
  expect(result.ok).toBe(true);
  return (result.data as { effects?: unknown }).effects;
}

describe('what a recipe card says the helpdesk may also do', () => {
  it('a form with a status or owner field: "may change the status or owner"', async () => {
    const form = '<form><select name="Status"><option>open</option><option>resolved</option></select><textarea name="body"></textarea><button>Post</button></form>';
    expect(await prepared(recipe(), page(form))).toEqual([{ kind: 'may_change' }]);
    const owner = '<form><input type="hidden" name="Owner" value="7"><textarea name="body"></textarea><button>Post</button></form>';
    expect(await prepared(recipe(), page(owner))).toEqual([{ kind: 'may_change' }]);
  });

  it('a form with the text alone: nothing more', async () => {
    expect(await prepared(recipe(), page('<form><input name="q" type="search"><textarea name="body"></textarea><button>Post</button></form>'))).toBeUndefined();
  });

  it('a form on another page, out of sight at Send…: "may change"', async () => {
    expect(await prepared(recipe({ page: '/t/{key}/reply' }), page(''))).toEqual([{ kind: 'may_change' }]);
  });
});
