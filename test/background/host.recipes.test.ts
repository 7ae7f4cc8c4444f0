import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { classifySender, route, type Sender } from '../../src/background/router';
import type { Recipe } from '../../src/shared/recipe-check';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from '../security/attack';

const A = 'http://127.0.0.1:4517';
const B = 'http://localhost:8080';
const extensionPage: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };

/** Like IndexedDB: what is read back is a copy, never the object stored. */
const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

const recipeFor = (site: string): Recipe => ({
  ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site,
});

async function setup() {
  const tabs = createFakeTabs();
  const { services, handlers } = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(memory()));
  const announce = (tabId: number, adapterId: string) =>
    handlers['page.announce']({ type: 'page.announce', adapterId, url: `${tabs.tabs.get(tabId)!.origin}/inline/tickets/5`, ticket: { key: '5', label: '#5' } }, tabs.senderOf(tabId));
  return { tabs, services, handlers, announce };
}

describe('recipes in the background', () => {
  beforeEach(() => fakeBrowser.reset());

  it('an imported recipe gives its own site ticket.read, reply.fill and reply.send, graded by the catalogue', async () => {
    const { handlers, tabs, announce } = await setup();
    expect(await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage)).toEqual({ ok: true });
    tabs.tabs.set(1, { origin: A, ticket: '#5' });
    expect(await announce(1, `recipe:${A}`)).toEqual({ ok: true });
    const view = await handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage);
    expect(view.tools.map((t) => [t.name, t.sideEffect])).toEqual([
      ['ticket.read', 'read'],
      ['reply.fill', 'write'],
      ['reply.send', 'send'],
    ]);
  });

  attack('a recipe cannot grade its tools: a note box yields note.add as a send (confirm card), and a grade field is refused', async () => {
    const { handlers, tabs, announce } = await setup();
    const base = recipeFor(A);
    const withNote = { ...base, read: { ...base.read, role: { ...base.read.role, internal: { values: ['internal'] } } }, note: { ...base.reply!, editor: '#note', submit: '#add-note' } };
    expect(await handlers['recipes.import']({ type: 'recipes.import', recipe: withNote }, extensionPage)).toEqual({ ok: true });
    tabs.tabs.set(1, { origin: A, ticket: '#5' });
    expect(await announce(1, `recipe:${A}`)).toEqual({ ok: true });
    const view = await handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage);
    expect(view.tools.map((t) => [t.name, t.sideEffect])).toEqual([
      ['ticket.read', 'read'],
      ['reply.fill', 'write'],
      ['note.add', 'send'],
      ['reply.send', 'send'],
    ]);
    for (const graded of [{ ...withNote, note: { ...withNote.note, sideEffect: 'read' } }, { ...withNote, tools: { 'note.add': 'read' } }]) {
      expect(await handlers['recipes.import']({ type: 'recipes.import', recipe: graded }, extensionPage)).toMatchObject({ ok: false });
    }
  });

  it("a page of the recipe's site that shows no ticket keeps the helpdesk's name until the recipe is deleted", async () => {
    const { handlers, tabs, announce } = await setup();
    await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage);
    tabs.tabs.set(1, { origin: A, ticket: '#5' });
    await announce(1, `recipe:${A}`);
    const listPage = async () => {
      await handlers['page.announce']({ type: 'page.announce', adapterId: 'generic', url: `${A}/inline/tickets`, ticket: null }, tabs.senderOf(1));
      return (await handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage)).page;
    };
    // The sidebar names the helpdesk there and does not offer to teach it.
    expect(await listPage()).toMatchObject({ adapterId: 'generic', siteTitle: recipeFor(A).title });
    expect(await handlers['recipes.remove']({ type: 'recipes.remove', site: A }, extensionPage)).toEqual({ ok: true });
    // With the recipe gone, nothing knows this helpdesk: its pages may be taught again.
    expect((await listPage())?.siteTitle).toBeUndefined();
  });

  it('refuses an invalid recipe with the field named, and stores nothing', async () => {
    const { handlers } = await setup();
    const bad = { ...recipeFor(A), reply: { ...recipeFor(A).reply, sideEffect: 'read' } };
    const r = await handlers['recipes.import']({ type: 'recipes.import', recipe: bad }, extensionPage);
    expect(r).toMatchObject({ ok: false, error: expect.stringMatching(/^recipe\.reply: /) });
    expect(await handlers['recipes.list']({ type: 'recipes.list' }, extensionPage)).toEqual([]);
  });
});

describe('a page cannot supply or change a recipe (attacker side)', () => {
  beforeEach(() => fakeBrowser.reset());
  const ID = 'abcdefghijklmnopabcdefghijklmnop';
  const BASE = `chrome-extension://${ID}/`;
  const fromPage = classifySender({ id: ID, url: `${B}/inline/tickets/5`, tab: { id: 2 } as never, frameId: 0 }, ID, BASE);

  attack('a content script cannot import, remove or list recipes', async () => {
    const { handlers } = await setup();
    await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage);
    for (const message of [
      { type: 'recipes.import', recipe: recipeFor(B) },
      { type: 'recipes.remove', site: A },
      { type: 'recipes.list' },
    ]) {
      expect(await route(message, fromPage, handlers)).toMatchObject({ ok: false, code: 'forbidden' });
    }
    expect((await handlers['recipes.list']({ type: 'recipes.list' }, extensionPage)).map((r) => r.site)).toEqual([A]);
  });

  attack('a content script gets only its own site’s recipe, whatever it asks', async () => {
    const { handlers } = await setup();
    await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage);
    expect(await route({ type: 'recipe.get' }, fromPage, handlers)).toEqual({ ok: true, value: null });
    expect(await route({ type: 'recipe.get', site: A }, fromPage, handlers)).toMatchObject({ ok: false, code: 'invalid_message' });
    const fromA = classifySender({ id: ID, url: `${A}/inline/tickets/5`, tab: { id: 1 } as never, frameId: 0 }, ID, BASE);
    expect(await route({ type: 'recipe.get' }, fromA, handlers)).toMatchObject({ ok: true, value: { site: A } });
  });

  attack('a page’s first announce is answered with its own site’s recipe only, whatever it names', async () => {
    const { handlers } = await setup();
    await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage);
    const first = (url: string, adapterId = 'generic') => ({ type: 'page.announce', adapterId, url, ticket: null, withRecipe: false });
    // B has no recipe: B's page is recorded as it looked, and is given none.
    expect(await route(first(`${B}/inline/tickets/5`), fromPage, handlers)).toEqual({ ok: true, value: { ok: true } });
    // A page of B that names A's address, or A's recipe, is refused and given nothing.
    expect(await route(first(`${A}/inline/tickets/5`), fromPage, handlers)).toEqual({ ok: true, value: { ok: false } });
    expect(await route(first(`${B}/inline/tickets/5`, `recipe:${A}`), fromPage, handlers)).toEqual({ ok: true, value: { ok: false } });
    expect(await route({ ...first(`${B}/inline/tickets/5`, `recipe:${A}`), withRecipe: true }, fromPage, handlers)).toEqual({ ok: true, value: { ok: false, recipe: null } });
    const fromA = classifySender({ id: ID, url: `${A}/inline/tickets/5`, tab: { id: 1 } as never, frameId: 0 }, ID, BASE);
    expect(await route(first(`${A}/inline/tickets/5`), fromA, handlers)).toMatchObject({ ok: true, value: { ok: false, recipe: { site: A } } });
  });

  attack('a page off a helpdesk’s own domains cannot run under its built-in recipe (Zendesk, Freshdesk, Help Scout): refused, no tools', async () => {
    const { tabs, announce, services } = await setup();
    // Loopback, where Deskmate runs without being enabled: only the helpdesk's hosts stand in the way.
    tabs.tabs.set(2, { origin: A, ticket: '#5' });
    for (const id of ['zendesk', 'freshdesk', 'helpscout']) expect([id, await announce(2, id)]).toEqual([id, { ok: false }]);
    expect(services.registry.list().filter((t) => t.scopes)).toEqual([]);
    // A self-hosted helpdesk's recipe (Zammad) serves any site Deskmate runs on.
    expect(await announce(2, 'zammad')).toEqual({ ok: true });
  });

  attack('a page of another site cannot run under a recipe: its announce is refused and it gets no tools', async () => {
    const { handlers, tabs, announce, services } = await setup();
    await handlers['recipes.import']({ type: 'recipes.import', recipe: recipeFor(A) }, extensionPage);
    tabs.tabs.set(2, { origin: B, ticket: '#5' });
    expect(await announce(2, `recipe:${A}`)).toEqual({ ok: false });
    expect(services.registry.list().filter((t) => t.scopes)).toEqual([]);
  });
});
