// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { readFileSync } from 'node:fs';
import { URL as NodeURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { startContentScript } from '../../src/content/content';
import { createServices } from '../../src/background/host';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { managedPolicy } from '../../src/background/access/policy';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { route, type Sender } from '../../src/background/router';
import { ADAPTER_PAGES } from '../../src/sites/pages';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import type { Recipe } from '../../src/shared/recipe-check';
import { createFakeTabs } from '../fakes/fake-tabs';

/**
 * A page load costs the worker one message: the content script's first announce, made without
 * a recipe, is answered with the site's recipe when it has one, and only then is the page
 * recorded, under what it looks like with the recipe. Content script and background are the
 * real ones, joined by the browser's messaging as the fake browser gives it.
 */
const extensionPage: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

// happy-dom's URL cannot name a file.
const recipe = (title = 'Inline desk'): Recipe => ({
  ...(JSON.parse(readFileSync(new NodeURL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site: location.origin,
  title,
});

describe('content script start: the site recipe comes with the first announce', () => {
  let ctx: ContentScriptContext;
  let sent: { type: string; withRecipe?: boolean; adapterId?: string }[];

  /** The real background, for tab 1 showing this document; every message the page sends is kept. */
  async function background(kv = memory()) {
    const tabs = createFakeTabs();
    const built = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(kv));
    const from: Sender = { kind: 'content', tabId: 1, origin: location.origin, url: location.href };
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type: string };
      if (m.type !== 'page.announce' && m.type !== 'recipe.get' && m.type !== 'page.delivered') return undefined;
      sent.push(structuredClone(m));
      return route(message, from, built.handlers);
    });
    return built;
  }

  /** The content script starts on the page and every answer has come back. */
  async function load() {
    ctx = new ContentScriptContext('content');
    startContentScript(ADAPTER_PAGES, ctx);
    await expect.poll(() => sent.filter((m) => m.type === 'page.announce').at(-1)?.adapterId).toBeDefined();
    await new Promise((r) => setTimeout(r, 50));
  }

  beforeEach(async () => {
    fakeBrowser.reset();
    await managedPolicy.refresh(false);
    sent = [];
    history.replaceState(null, '', '/inline/tickets/5');
    document.body.innerHTML = '<main id="ticket"><h1 class="subject">Refund</h1><div class="thread"><div class="post" data-role="customer"><span class="who">Ada</span><p class="text">Please refund.</p></div></div></main>';
  });
  // Stopped as an extension update stops it (no runtime id), so no copy restarts into the next test.
  afterEach(async () => {
    const id = Object.getOwnPropertyDescriptor(fakeBrowser.runtime, 'id');
    Object.defineProperty(fakeBrowser.runtime, 'id', { value: undefined, configurable: true });
    ctx?.notifyInvalidated();
    await new Promise((r) => setTimeout(r, 10));
    Object.defineProperty(fakeBrowser.runtime, 'id', id ?? { value: 'test-extension-id', configurable: true });
  });

  it('on a site without a recipe, one announce and nothing else; the page is recorded as it looked', async () => {
    const bg = await background();
    await load();
    expect(sent).toEqual([expect.objectContaining({ type: 'page.announce', adapterId: 'generic', withRecipe: false })]);
    expect(bg.services.pages.get(1)).toMatchObject({ adapterId: 'generic', origin: location.origin });
  });

  it("on a site with a recipe, the first announce is answered with it and the page is recorded under the recipe's adapter only", async () => {
    const bg = await background();
    await bg.handlers['recipes.import']({ type: 'recipes.import', recipe: recipe() }, extensionPage);
    const recorded: string[] = [];
    const set = bg.services.pages.set;
    bg.services.pages.set = (page) => (recorded.push(page.adapterId), set(page));
    await load();
    expect(sent.map((m) => [m.type, m.adapterId, m.withRecipe])).toEqual([
      ['page.announce', 'generic', false],
      ['page.announce', `recipe:${location.origin}`, true],
    ]);
    expect(recorded).toEqual([`recipe:${location.origin}`]);
    expect((await bg.handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage)).page).toMatchObject({ adapterTitle: 'Inline desk', ticket: { key: '5' } });
  });

  it("the organisation's recipe for the site is the one the page runs under, not the agent's", async () => {
    await fakeBrowser.storage.managed.set({ recipes: [JSON.stringify(recipe('The organisation’s'))] });
    const kv = memory();
    // The agent's own finds no ticket on this page; the organisation's does.
    await createRecipeStore(kv).put({ ...recipe('Mine'), ticket: { path: '^/elsewhere/(\\d+)$', present: '#ticket' } });
    const bg = await background(kv);
    await load();
    expect(bg.services.pages.get(1)).toMatchObject({ adapterId: `recipe:${location.origin}`, ticket: { key: '5' } });
    expect((await bg.handlers['view.get']({ type: 'view.get', tabId: 1 }, extensionPage)).page).toMatchObject({ adapterTitle: 'The organisation’s' });
  });

  it('a page that looked with a recipe its site no longer has is told so, and announces without it', async () => {
    const bg = await background();
    await bg.handlers['recipes.import']({ type: 'recipes.import', recipe: recipe() }, extensionPage);
    await load();
    expect(bg.services.pages.get(1)?.adapterId).toBe(`recipe:${location.origin}`);
    // Removed, and the tab not told (it was not found by its address): its next announce learns it.
    await bg.handlers['recipes.remove']({ type: 'recipes.remove', site: location.origin }, extensionPage);
    sent = [];
    await fakeBrowser.runtime.sendMessage({ type: 'page.announce-again' });
    await expect.poll(() => bg.services.pages.get(1)?.adapterId).toBe('generic');
  });
});
