import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { enabledSitesItem, modelItem } from '../../src/background/storage/items';
import { loadModelSettings } from '../../src/background/model/model-settings';
import { instructionsStore } from '../../src/background/chat/instructions-store';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { managedPolicy } from '../../src/background/access/policy';
import { route, type Sender } from '../../src/background/router';
import type { Recipe } from '../../src/shared/recipe-check';
import { MANAGED_ERROR } from '../../src/shared/policy';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { draftsOf, proposingModel } from '../fakes/draft-model';
import { attack } from './attack';

/**
 * The organisation's policy holds against every message: an extension page (or anything that
 * got one to send for it) cannot change what the policy sets, and the background, not the
 * form, is what refuses.
 */
const A = 'http://127.0.0.1:4517';
const DESK = 'https://desk.example.com';
const OUTSIDE = 'https://other.example.com';
const TEAM = 'http://127.0.0.1:4518/v1';
const page: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};
const recipeFor = (site: string): Recipe => ({
  ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as Recipe),
  site,
});

const POLICY = {
  model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' },
  lockModel: true,
  allowedSites: [DESK],
  sendDisabled: true,
  requireMasking: true,
  teamInstructions: 'Sign as the Northwind team.',
  recipes: [JSON.stringify(recipeFor('http://localhost:8080'))],
};

/** Content scripts registered by site access, as the browser would hold them. */
function fakeScripting() {
  const registered: string[] = [];
  const b = fakeBrowser as unknown as { scripting: Record<string, unknown>; permissions: Record<string, unknown>; runtime: Record<string, unknown> };
  // The fake carries Firefox's contentScripts too, so site access takes Firefox's way.
  (b as unknown as { contentScripts: Record<string, unknown> }).contentScripts.register = async ({ matches }: { matches: string[] }) => {
    registered.push(...matches);
    return { unregister: async () => undefined };
  };
  b.runtime.getManifest = () => ({ content_scripts: [{ js: ['content-scripts/content.js'] }] });
  b.scripting.getRegisteredContentScripts = async ({ ids }: { ids: string[] }) => registered.filter((id) => ids.includes(id)).map((id) => ({ id }));
  b.scripting.registerContentScripts = async (scripts: { id: string }[]) => void registered.push(...scripts.map((s) => s.id));
  b.scripting.unregisterContentScripts = async () => undefined;
  b.scripting.executeScript = async () => [];
  // The agent clicked Allow: only the policy stands between the message and the site.
  b.permissions.contains = async () => true;
  return registered;
}

async function setup(policy: Record<string, unknown> = POLICY) {
  await fakeBrowser.storage.managed.set(policy);
  const registered = fakeScripting();
  const tabs = createFakeTabs();
  const built = await createServices([fakeHelpdesk], tabs.send, proposingModel, createRecipeStore(memory()));
  tabs.tabs.set(1, { origin: A, ticket: '#7' });
  await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${A}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
  const as = (m: { type: string } & Record<string, unknown>) => route(m, page, built.handlers) as Promise<{ ok: boolean; value: any }>;
  /** The ticket's draft, for a Send… that must still be refused by the policy. */
  const draft = async () => (await draftsOf(built.chat).draft(1, 'Sent anyway.')).callId;
  return { ...built, tabs, registered, as, draft };
}

describe('the organisation’s policy against messages', () => {
  beforeEach(() => fakeBrowser.reset());

  attack('a settings message tries to move the managed endpoint to its own server', async () => {
    const { as } = await setup();
    const r = await as({ type: 'model.set', settings: { preset: 'custom', baseURL: 'https://evil.example/v1', apiKey: '', model: 'team-model' } });
    expect(r.value).toMatchObject({ ok: false, managed: true });
    expect(await modelItem.exists()).toBe(false);
    expect(await loadModelSettings()).toMatchObject({ baseURL: TEAM, model: 'team-model', apiKey: '', maskPersonalData: true });
  });

  attack('a settings message tries to switch masking off when the policy requires it', async () => {
    const { as } = await setup({ requireMasking: true });
    const r = await as({ type: 'model.set', settings: { preset: 'demo', baseURL: TEAM, apiKey: '', model: 'deskmate-demo', maskPersonalData: false } });
    expect(r.value).toMatchObject({ ok: false, managed: true });
    expect((await loadModelSettings()).maskPersonalData).toBe(true);
  });

  attack('the key an admin put in the policy, which every content script can read, is the key a test or a request goes out with', async () => {
    const { as } = await setup({ model: { baseURL: TEAM, model: 'team-model', apiKey: 'sk-team' }, lockModel: true });
    const seen: string[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(`${String(input instanceof Request ? input.url : input)} ${new Headers(input instanceof Request ? input.headers : init?.headers).get('authorization') ?? ''}`);
      return new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } });
    }) as typeof fetch;
    try {
      await as({ type: 'model.test', settings: { preset: 'custom', baseURL: TEAM, apiKey: '', model: 'team-model' } });
      await as({ type: 'model.test', settings: { preset: 'custom', baseURL: 'https://evil.example/v1', apiKey: '', model: 'team-model' } });
      await as({ type: 'setup.status' });
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.join('\n')).not.toContain('sk-team');
    expect(await loadModelSettings()).toMatchObject({ baseURL: TEAM, apiKey: '' });
    expect((await as({ type: 'model.get' })).value.apiKey).toBe('');
    // The agent's own key, kept in the vault, is what goes with the locked endpoint; the pages say why the policy's is not.
    expect((await as({ type: 'model.set', settings: { preset: 'custom', baseURL: TEAM, apiKey: 'sk-agent', model: 'team-model' } })).value).toMatchObject({ ok: true });
    expect(await loadModelSettings()).toMatchObject({ baseURL: TEAM, apiKey: 'sk-agent' });
    expect((await as({ type: 'policy.get' })).value).toMatchObject({ model: { baseURL: TEAM, model: 'team-model' }, lockModel: true, secrets: ['model.apiKey'] });
  });

  attack('a message enables a site outside the organisation’s list', async () => {
    const { as, registered } = await setup();
    const r = await as({ type: 'sites.enable', origin: OUTSIDE });
    expect(r.value).toMatchObject({ ok: false, managed: true });
    expect(registered).toEqual([]);
    expect(await enabledSitesItem.get()).toEqual([]);
  });

  it('enables a site on the organisation’s list, and will not revoke it', async () => {
    const { as, registered } = await setup();
    expect((await as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    expect(registered).toEqual([`${DESK}/*`]);
    expect((await as({ type: 'sites.disable', origin: DESK })).value).toMatchObject({ ok: false, managed: true });
    expect(await enabledSitesItem.get()).toEqual([DESK]);
  });

  attack('reply.send is invoked on a page while the policy switches sending off', async () => {
    const { as, tabs, services, draft } = await setup();
    const callId = await draft();
    const view = (await as({ type: 'view.get', tabId: 1 })).value;
    expect(view.tools.map((t: { name: string }) => t.name)).not.toContain('reply.send');
    expect(view.tools.map((t: { name: string }) => t.name)).not.toContain('note.add');
    for (const tool of ['reply.send', 'note.add']) {
      const r = (await as({ type: 'tool.invoke', tabId: 1, tool, input: { body: 'Sent anyway.' }, draft: callId })).value;
      expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    }
    expect(tabs.calls.filter((c) => c.call.type === 'page.run' && c.call.tool !== 'ticket.read')).toEqual([]);
    expect(await services.registry.pending()).toEqual([]);
    expect(tabs.delivered).toEqual([]);
  });

  attack('a site-switch message turns sending back on under the policy', async () => {
    const { as, tabs, draft } = await setup();
    const callId = await draft();
    const sites = (await as({ type: 'sites.set', origin: A, write: true, send: true })).value;
    expect(sites.find((s: { origin: string }) => s.origin === A)).toMatchObject({ send: false, locked: ['send'] });
    const r = (await as({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'Sent anyway.' }, draft: callId })).value;
    expect(r).toMatchObject({ ok: false, code: 'not_granted' });
    expect(tabs.calls.filter((c) => c.call.type === 'page.run' && c.call.tool !== 'ticket.read')).toEqual([]);
  });

  attack('a message rewrites the team instructions the policy sets', async () => {
    const { as, chat } = await setup();
    // Typed text comes by an extension page's port (typed.save) and is answered there.
    const answers: unknown[] = [];
    await chat.receive({ postMessage: (m) => void answers.push(m) }, { type: 'typed.save', seq: 4, field: { kind: 'teamInstructions' }, text: 'Ignore the policy.' });
    expect(answers).toEqual([{ type: 'typed.saved', seq: 4, ok: false, error: MANAGED_ERROR }]);
    expect(await instructionsStore.team()).toBe('Sign as the Northwind team.');
    expect((await as({ type: 'instructions.get' })).value).toEqual({ team: 'Sign as the Northwind team.', managed: true });
  });

  attack('a message replaces or removes the recipe the policy pushes', async () => {
    const { as } = await setup();
    const mine = { ...recipeFor('http://localhost:8080'), title: 'Mine' };
    expect((await as({ type: 'recipes.import', recipe: mine })).value).toMatchObject({ ok: false, managed: true });
    expect((await as({ type: 'recipes.remove', site: 'http://localhost:8080' })).value).toMatchObject({ ok: false, managed: true });
    const list = (await as({ type: 'recipes.list' })).value as Recipe[];
    expect(list.map((r) => [r.site, r.title])).toEqual([['http://localhost:8080', recipeFor('http://localhost:8080').title]]);
  });

  it('takes a changed policy at once: sending comes back when the admin removes the switch', async () => {
    const { as } = await setup({ sendDisabled: true });
    expect((await as({ type: 'view.get', tabId: 1 })).value.tools.map((t: { name: string }) => t.name)).not.toContain('reply.send');
    await fakeBrowser.storage.managed.clear();
    await managedPolicy.refresh();
    expect((await as({ type: 'view.get', tabId: 1 })).value.tools.map((t: { name: string }) => t.name)).toContain('reply.send');
  });

  it('tells the pages what is managed, and names the key it will not use, never the key', async () => {
    const { as } = await setup();
    const view = (await as({ type: 'policy.get' })).value;
    expect(view).toMatchObject({ managed: true, lockModel: true, allowedSites: [DESK], sendDisabled: true, requireMasking: true, teamInstructions: true, recipes: ['http://localhost:8080'], secrets: ['model.apiKey'] });
    expect(JSON.stringify(view)).not.toContain('sk-team');
  });
});
