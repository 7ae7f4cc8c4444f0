import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import type { Sender } from '../../src/background/router';
import type { Recipe } from '../../src/shared/recipe-check';
import type { TicketData } from '../../src/shared/ticket';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { createFakeTabs } from '../fakes/fake-tabs';

/**
 * A recipe from a file (or the policy, or teach mode) stays "untested" until the agent has run
 * Test with it on a ticket: the mark goes only when a ticket with a thread was read with
 * exactly that recipe, and comes back when the recipe is replaced.
 */
const A = 'http://127.0.0.1:4517';
const extensionPage: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};
const recipe = (): Recipe => ({ ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe), site: A });
const TICKET: TicketData = { number: '#5', subject: 'Refund', status: null, requester: { name: 'Ada', email: 'ada@example.com' }, messages: [{ author: 'Ada', role: 'customer', time: null, body: 'Hello' }] };

async function setup(answer: () => unknown) {
  const tabs = createFakeTabs();
  const read: Recipe[] = [];
  const send: typeof tabs.send = async (tabId, call) => {
    if (call.type !== 'page.teach-read') return tabs.send(tabId, call);
    read.push(call.recipe);
    return answer();
  };
  const { handlers } = await createServices(ADAPTER_INFOS, send, createOpenAIModel, createRecipeStore(memory()));
  await handlers['recipes.import']({ type: 'recipes.import', recipe: recipe() }, extensionPage);
  tabs.tabs.set(1, { origin: A, ticket: '#5' });
  await handlers['page.announce']({ type: 'page.announce', adapterId: `recipe:${A}`, url: `${A}/inline/tickets/5`, ticket: { key: '5', label: '#5' } }, tabs.senderOf(1));
  const tested = () => handlers['recipes.tested']({ type: 'recipes.tested' }, extensionPage);
  const test = () => handlers['recipes.test']({ type: 'recipes.test', tabId: 1 }, extensionPage);
  const put = (r: Recipe) => handlers['recipes.import']({ type: 'recipes.import', recipe: r }, extensionPage);
  return { tested, test, put, read };
}

describe('an imported recipe is untested until Test read a ticket with it', () => {
  beforeEach(() => fakeBrowser.reset());

  it('starts untested, is tested after Test read a ticket with its thread, and is untested again once replaced', async () => {
    const s = await setup(() => ({ ok: true, data: TICKET }));
    expect(await s.tested()).toEqual([]);
    expect(await s.test()).toEqual({ ok: true, data: TICKET });
    expect(s.read).toEqual([recipe()]); // the recipe in force, from the background, not from the page
    expect(await s.tested()).toEqual([A]);
    expect(await s.put({ ...recipe(), title: 'Changed' })).toEqual({ ok: true });
    expect(await s.tested()).toEqual([]);
  });

  it('stays untested when Test found no ticket, or a ticket without a thread', async () => {
    for (const answer of [{ ok: false, code: 'no_ticket', error: 'No ticket here' }, { ok: true, data: { ...TICKET, messages: [] } }, undefined]) {
      fakeBrowser.reset();
      const s = await setup(() => answer);
      await s.test();
      expect(s.read).toHaveLength(1);
      expect(await s.tested()).toEqual([]);
    }
  });
});
