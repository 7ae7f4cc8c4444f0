import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { managedPolicy } from '../../src/background/access/policy';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { forgetVaultConnection, vault } from '../../src/background/storage/vault';
import type { Sender } from '../../src/background/router';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import type { Recipe } from '../../src/shared/recipe-check';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * The background keeps the site recipes in memory as well (every page of a site asks for its
 * recipe at each load). A recipe decides what Deskmate reads and clicks on a page: one removed,
 * replaced or never written must not be served from a copy, and a worker started again goes
 * by what is stored.
 */
const A = 'http://127.0.0.1:4517';
const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };

/** Like IndexedDB: what is read back is a copy. `failWrites` makes every write fail, as a full disk does. */
function backend() {
  const items = new Map<string, unknown>();
  const state = { failWrites: false };
  const kv: KeyValue = {
    get: async (k) => structuredClone(items.get(k)),
    set: async (k, v) => {
      if (state.failWrites) throw new Error('QuotaExceededError');
      items.set(k, structuredClone(v));
    },
  };
  return { kv, state };
}

const recipe = (title = 'Inline desk'): Recipe => ({
  ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site: A,
  title,
});

type Handlers = Awaited<ReturnType<typeof createServices>>['handlers'];

/**
 * The two ways a content script is given its site's recipe: asked for after a change, and with
 * the answer to a page's first announce, made without one (what is given there is the site's
 * recipe in force; an answer that gives none agrees the site has none).
 */
const WAYS = [
  { way: 'recipe.get', serve: (h: Handlers, from: Sender) => h['recipe.get']({ type: 'recipe.get' }, from) },
  {
    way: "the first announce's answer",
    serve: async (h: Handlers, from: Sender) => {
      const answer = await h['page.announce']({ type: 'page.announce', adapterId: 'generic', url: `${A}/inline/tickets/5`, ticket: null, withRecipe: false }, from);
      return answer.recipe ?? null;
    },
  },
] as const;

/** One worker over the given storage; tab 1 shows a ticket of A, and tab 2 is where the recipe is served. */
async function workerOn(kv: KeyValue, serve: (h: Handlers, from: Sender) => Promise<Recipe | null>) {
  const tabs = createFakeTabs();
  const { handlers } = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(kv));
  tabs.tabs.set(1, { origin: A, ticket: '#5' });
  tabs.tabs.set(2, { origin: A, ticket: '#5' });
  const page = tabs.senderOf(1);
  return {
    handlers,
    imported: (r: unknown) => handlers['recipes.import']({ type: 'recipes.import', recipe: r }, options),
    removed: () => handlers['recipes.remove']({ type: 'recipes.remove', site: A }, options),
    /** What a content script of the site is given at its next load. */
    served: () => serve(handlers, tabs.senderOf(2)),
    announced: async () => (await handlers['page.announce']({ type: 'page.announce', adapterId: `recipe:${A}`, url: `${A}/inline/tickets/5`, ticket: { key: '5', label: '#5' } }, page)).ok,
    tools: async () => (await handlers['view.get']({ type: 'view.get', tabId: 1 }, options)).tools.map((t) => t.name),
  };
}

describe.each(WAYS)('site recipes kept in memory, served by $way', ({ serve }) => {
  beforeEach(() => fakeBrowser.reset());
  const worker = (kv: KeyValue) => workerOn(kv, serve);

  attack('the pages of a site whose recipe the agent removed are served it from memory', async () => {
    const { kv } = backend();
    const bg = await worker(kv);
    expect(await bg.imported(recipe())).toEqual({ ok: true });
    expect(await bg.served()).toMatchObject({ site: A });
    expect(await bg.announced()).toBe(true);
    expect(await bg.removed()).toEqual({ ok: true });
    expect(await bg.served()).toBeNull();
    expect(await bg.announced()).toBe(false);
    expect(await bg.tools()).toEqual([]);
    const again = await worker(kv);
    expect(await again.served()).toBeNull();
    expect(await again.announced()).toBe(false);
  });

  attack('a recipe whose write failed is served from memory', async () => {
    const { kv, state } = backend();
    const bg = await worker(kv);
    state.failWrites = true;
    await expect(bg.imported(recipe())).rejects.toThrow();
    expect(await bg.served()).toBeNull();
    expect(await bg.announced()).toBe(false);
  });

  attack('a removal that failed to write is taken for done while storage still holds the recipe', async () => {
    const { kv, state } = backend();
    const bg = await worker(kv);
    expect(await bg.imported(recipe())).toEqual({ ok: true });
    state.failWrites = true;
    await expect(bg.removed()).rejects.toThrow();
    // What the next worker will serve is what this one serves: memory does not claim otherwise.
    const stored = await (await worker(kv)).served();
    expect(await bg.served()).toEqual(stored);
  });

  attack('the pages of a site are served the recipe it had before it was replaced', async () => {
    const { kv } = backend();
    const bg = await worker(kv);
    expect(await bg.imported(recipe('First'))).toEqual({ ok: true });
    expect(await bg.served()).toMatchObject({ title: 'First' });
    const { reply: _reply, ...replaced } = recipe('Second');
    expect(await bg.imported(replaced)).toEqual({ ok: true });
    expect(await bg.served()).toMatchObject({ title: 'Second' });
    expect(await bg.served()).not.toHaveProperty('reply');
    expect(await bg.announced()).toBe(true);
    expect(await bg.tools()).toEqual(['ticket.read']);
  });

  attack("a site's pages are served the agent's own recipe where the organisation's policy pushes another", async () => {
    const { kv } = backend();
    await createRecipeStore(kv).put(recipe('Mine, from before the policy'));
    await fakeBrowser.storage.managed.set({ recipes: [JSON.stringify(recipe('The organisation’s'))] });
    await managedPolicy.refresh();
    const bg = await worker(kv);
    expect(await bg.served()).toMatchObject({ title: 'The organisation’s' });
  });
});

describe('the recipe store', () => {
  it('a worker started again serves the stored recipe, and a change to a served copy changes nothing', async () => {
    const { kv } = backend();
    const store = createRecipeStore(kv);
    await store.put(recipe());
    const got = (await store.get(A))!;
    got.title = 'Changed by whoever asked';
    (await store.list())[0]!.title = 'Changed too';
    expect((await store.get(A))!.title).toBe('Inline desk');
    expect((await createRecipeStore(kv).get(A))!.title).toBe('Inline desk');
  });

  it('keeps what it read only for the vault it was read from: a worker started again serves what is stored', async () => {
    const store = createRecipeStore();
    await store.put(recipe('First'));
    // Replaced past this store's memory (another worker); then the vault is opened anew, as after a restart.
    await vault.set('recipes', { [A]: recipe('Second') });
    forgetVaultConnection();
    expect((await store.get(A))?.title).toBe('Second');
  });
});
