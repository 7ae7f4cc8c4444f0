// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { ContentScriptContext } from 'wxt/utils/content-script-context';
import { startContentScript } from '../../src/content/content';
import { createTeachMode } from '../../src/content/teach-content';
import { readableModule } from '../../src/sites/adapters/generic-readable';
import { registerContentPart } from '../../src/sites/content-parts';
import { ADAPTER_PAGES } from '../../src/sites/pages';
import { installI18n } from '../fakes/i18n';
import { highlightRecipe } from '../../src/content/recipe-highlight';
import { checkRecipe, type Recipe } from '../../src/shared/recipe-check';
import { createToolsPart } from '../../src/sites/tools-part';
import { attack } from '../security/attack';
import { readFileSync } from 'node:fs';
import { URL as NodeURL } from 'node:url';

/**
 * What a page load parses: teach mode and the recipe check are not loaded where no session is on
 * and the site has no recipe of its own; the content script asks the background for them
 * (content.part, by name) when a session is on at load or the background starts one, or the
 * background gives the site's recipe, once.
 */
const PARTS = { tools: createToolsPart(), teach: { createTeachMode }, recipes: { checkRecipe, highlightRecipe } };
// happy-dom's URL cannot name a file.
const siteRecipe = (): Recipe => ({
  ...(JSON.parse(readFileSync(new NodeURL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site: location.origin,
});
const registry = () => (globalThis as unknown as Record<string, Record<string, unknown>>).__deskmateContentParts!;

describe('content script: teach mode loads only when teaching', () => {
  let asked: string[];
  let session: { step: string; messages: string | null } | null;
  let announced: { adapterId: string; withRecipe?: boolean } | null;
  let delivered: { adapterId: string; report: { outcome: string } }[];
  let recipe: Recipe | null;
  let ctx: ContentScriptContext;

  beforeEach(() => {
    fakeBrowser.reset();
    installI18n();
    asked = [];
    session = null;
    announced = null;
    recipe = null;
    delivered = [];
    sessionStorage.clear();
    delete registry().tools;
    delete registry().teach;
    delete registry().recipes;
    document.body.innerHTML = '<main><p>A page of a site Deskmate runs on.</p></main>';
    // The background: answers what the content script asks, and runs a part's script when asked.
    fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type: string; part?: string };
      if (m.type === 'recipe.get') return Promise.resolve({ ok: true, value: recipe });
      if (m.type === 'teach.state') return Promise.resolve({ ok: true, value: session });
      if (m.type === 'page.delivered') delivered.push(message as (typeof delivered)[number]);
      if (m.type === 'page.announce') {
        announced = message as typeof announced;
        // The site's recipe comes with the answer to an announce that did not go by it.
        if (recipe && !announced!.withRecipe) return Promise.resolve({ ok: true, value: { ok: false, recipe } });
      }
      if (m.type === 'content.part') {
        asked.push(m.part!);
        registerContentPart(m.part as keyof typeof PARTS, PARTS[m.part as keyof typeof PARTS]);
        return Promise.resolve({ ok: true, value: { ok: true } });
      }
      return undefined;
    });
  });
  // Stopped as an extension update stops it (no runtime id), so no copy restarts into the next test.
  afterEach(async () => {
    const id = Object.getOwnPropertyDescriptor(fakeBrowser.runtime, 'id');
    Object.defineProperty(fakeBrowser.runtime, 'id', { value: undefined, configurable: true });
    ctx?.notifyInvalidated();
    await new Promise((r) => setTimeout(r, 10));
    Object.defineProperty(fakeBrowser.runtime, 'id', id ?? { value: 'test-extension-id', configurable: true });
    Object.assign(registry(), PARTS, { readable: readableModule });
  });

  const load = async () => {
    ctx = new ContentScriptContext('content');
    startContentScript(ADAPTER_PAGES, ctx);
    await expect.poll(() => announced).not.toBeNull();
  };
  // The picker's host goes beside the body, its parts in a closed shadow root.
  const picker = () => document.documentElement.querySelectorAll(':scope > :not(head, body)').length;

  it('a page load with no session on asks for no part, and a hidden picker loads nothing', async () => {
    await load();
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: null, messages: null });
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual([]);
    expect(registry().teach).toBeUndefined();
    expect(picker()).toBe(0);
  });

  it('the background starts teaching: the part is asked for once, and the picker shows', async () => {
    await load();
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: 'message', messages: null });
    await fakeBrowser.runtime.sendMessage({ type: 'page.teach', step: 'body', messages: 'main p' });
    await expect.poll(() => picker()).toBeGreaterThan(0);
    expect(asked).toEqual(['teach']);
  });

  it('a session on at load (the reply page, say): the part loads and the picker shows', async () => {
    session = { step: 'reply', messages: null };
    await load();
    await expect.poll(() => picker()).toBeGreaterThan(0);
    expect(asked).toEqual(['teach']);
  });

  it("a site with a recipe of its own: the recipe check loads, and the page is looked at with the recipe", async () => {
    recipe = siteRecipe();
    history.replaceState(null, '', '/inline/tickets/5');
    document.body.innerHTML = '<main id="ticket"><h1 class="subject">Refund</h1><div class="thread"><div class="post" data-role="customer"><span class="who">Ada</span><p class="text">Please refund.</p></div></div></main>';
    await load();
    await expect.poll(() => announced?.adapterId).toBe(`recipe:${location.origin}`);
    expect(announced?.withRecipe).toBe(true);
    expect(asked).toEqual(['recipes']);
  });

  const onTicketPage = () => {
    recipe = siteRecipe();
    history.replaceState(null, '', '/inline/tickets/5');
    document.body.innerHTML =
      '<main id="ticket"><h1 class="subject">Refund</h1><div class="thread"><div class="post" data-role="customer"><span class="who">Ada</span><p class="text">Please refund.</p></div></div></main>';
  };
  const readTicket = () => fakeBrowser.runtime.sendMessage({ type: 'page.run', tool: 'ticket.read', input: {}, ticketKey: '5', site: location.origin }) as Promise<{ ok: boolean; data?: { subject?: string } }>;

  it('the tools load the first time a tool runs, once however many run at once, and not at page load', async () => {
    onTicketPage();
    await load();
    await expect.poll(() => announced?.adapterId).toBe(`recipe:${location.origin}`);
    expect(asked).toEqual(['recipes']);
    expect(registry().tools).toBeUndefined();
    const answers = await Promise.all([readTicket(), readTicket()]);
    expect(answers.map((a) => [a.ok, a.data?.subject])).toEqual([
      [true, 'Refund'],
      [true, 'Refund'],
    ]);
    expect((await readTicket()).ok).toBe(true);
    expect(asked).toEqual(['recipes', 'tools']);
  });

  it('a tools part that does not load fails the call in words, and loads at the next call', async () => {
    onTicketPage();
    await load();
    await expect.poll(() => announced?.adapterId).toBe(`recipe:${location.origin}`);
    const tools = PARTS.tools;
    (PARTS as Record<string, unknown>).tools = undefined; // the script ran and left nothing
    try {
      expect(await readTicket()).toMatchObject({ ok: false, code: 'tool_failed', error: expect.stringContaining('did not load') });
    } finally {
      PARTS.tools = tools;
    }
    expect((await readTicket()).ok).toBe(true);
    expect(asked).toEqual(['recipes', 'tools', 'tools']);
  });

  const deliveryNote = (at: number) => ({
    adapter: `recipe:${location.origin}`,
    key: '5',
    payload: { site: location.origin, ticket: '#5', recipient: 'Ada', subject: 'Re: Refund', body: 'Refunded.' },
    after: 0,
    roles: { agent: 0 },
    draft: null,
    at,
  });

  it('a page loaded soon after a post that reloads it loads the tools and reports what it finds', async () => {
    onTicketPage();
    document.querySelector('.thread')!.insertAdjacentHTML('beforeend', '<div class="post" data-role="agent"><span class="who">Bo</span><p class="text">Refunded.</p></div>');
    sessionStorage.setItem('deskmate.delivery', JSON.stringify(deliveryNote(Date.now())));
    await load();
    await expect.poll(() => delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ adapterId: `recipe:${location.origin}`, report: { outcome: 'sent' } });
    expect(asked).toEqual(['recipes', 'tools']);
    expect(sessionStorage.getItem('deskmate.delivery')).toBeNull();
  });

  attack('the page leaves an old delivery note (or one from the future, or with no time) in its sessionStorage: the page load loads no tools and reports nothing', async () => {
    onTicketPage();
    for (const note of [deliveryNote(Date.now() - 10 * 60_000), { ...deliveryNote(0), at: 'now' }, deliveryNote(Date.now() + 60_000)]) {
      sessionStorage.setItem('deskmate.delivery', JSON.stringify(note));
      announced = null;
      await load();
      await new Promise((r) => setTimeout(r, 50)); // the next copy's start ends this one
    }
    expect(asked).toEqual(['recipes']);
    expect(delivered).toEqual([]);
  });
});
