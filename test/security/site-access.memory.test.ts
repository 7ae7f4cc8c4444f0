import { readFileSync } from 'node:fs';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { managedPolicy } from '../../src/background/access/policy';
import { forgetVaultConnection } from '../../src/background/storage/vault';
import { route, type Sender } from '../../src/background/router';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from './attack';

/**
 * The background keeps the list of enabled sites and each site's switches in memory (every announce and every view asks
 * for it). A copy must never decide for a site after the agent or the organisation took it
 * back: a disable or a policy change counts for the very next message, and a restarted worker
 * goes by what is stored.
 */
const DESK = 'https://desk.example.com';
const OTHER = 'https://other.example.com';
const page: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

/** The browser's side of "Enable on this site": granted at once, scripts registered Firefox's way. */
function fakeSiteApis() {
  const b = fakeBrowser as unknown as { permissions: Record<string, unknown>; runtime: Record<string, unknown>; contentScripts: Record<string, unknown> };
  b.contentScripts.register = async () => ({ unregister: async () => undefined });
  b.runtime.getManifest = () => ({ content_scripts: [{ js: ['content-scripts/content.js'] }] });
  b.permissions.contains = async () => true;
  b.permissions.remove = async () => true;
}

async function start() {
  const tabs = createFakeTabs();
  const built = await createServices([fakeHelpdesk], tabs.send, undefined, createRecipeStore(memory()));
  tabs.tabs.set(1, { origin: DESK, ticket: '#7' });
  const as = (m: { type: string } & Record<string, unknown>) => route(m, page, built.handlers) as Promise<{ ok: boolean; value: any }>;
  const announce = async () =>
    (await built.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${DESK}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1))).ok;
  const tools = async () => ((await as({ type: 'view.get', tabId: 1 })).value.tools as { name: string }[]).map((t) => t.name);
  return { ...built, tabs, as, announce, tools };
}

/** A worker started again: nothing it kept in memory is left, and storage is what it was. */
function restart() {
  forgetVaultConnection();
  return start();
}

describe('enabled sites kept in memory', () => {
  beforeEach(() => {
    fakeBrowser.reset();
    fakeSiteApis();
  });

  attack('a tab of the site the agent has just disabled announces its page again', async () => {
    const bg = await start();
    expect((await bg.as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    expect(await bg.announce()).toBe(true);
    expect(await bg.tools()).toContain('ticket.read');
    expect((await bg.as({ type: 'sites.disable', origin: DESK })).value).toMatchObject({ ok: true });
    expect(await bg.announce()).toBe(false);
    expect(await bg.tools()).toEqual([]);
    expect(bg.services.pages.get(1)).toBeUndefined();
    expect(await bg.services.allowsOrigin(DESK)).toBe(false);
  });

  attack('a tab of the site the agent has just disabled is given the site’s recipe, asked for or with its announce', async () => {
    const bg = await start();
    expect((await bg.as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    const recipe = { ...(JSON.parse(readFileSync(new URL('../fixtures/recipes/fixture-inline.json', import.meta.url), 'utf8')) as object), site: DESK };
    expect((await bg.as({ type: 'recipes.import', recipe })).value).toEqual({ ok: true });
    const given = async () => ({
      asked: await bg.handlers['recipe.get']({ type: 'recipe.get' }, bg.tabs.senderOf(1)),
      announced: await bg.handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${DESK}/tickets/7`, ticket: null, withRecipe: false }, bg.tabs.senderOf(1)),
    });
    expect(await given()).toMatchObject({ asked: { site: DESK }, announced: { ok: false, recipe: { site: DESK } } });
    expect((await bg.as({ type: 'sites.disable', origin: DESK })).value).toMatchObject({ ok: true });
    expect(await given()).toEqual({ asked: null, announced: { ok: false } });
  });

  attack('a tab announces its page right after the organisation took its site off the list', async () => {
    await fakeBrowser.storage.managed.set({ allowedSites: [DESK, OTHER] });
    const bg = await start();
    expect((await bg.as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    expect(await bg.announce()).toBe(true);
    await fakeBrowser.storage.managed.set({ allowedSites: [OTHER] });
    await managedPolicy.refresh();
    // The very next message: no wait for the policy's own clean-up to finish.
    expect(await bg.announce()).toBe(false);
    expect(await bg.services.allowsOrigin(DESK)).toBe(false);
    await expect.poll(() => bg.tools()).toEqual([]);
  });

  attack('a tab of a site switched to read-only a moment ago is asked to fill its reply box', async () => {
    const bg = await start();
    await bg.as({ type: 'sites.enable', origin: DESK });
    expect(await bg.announce()).toBe(true);
    expect(await bg.tools()).toContain('reply.fill');
    await bg.as({ type: 'sites.set', origin: DESK, write: false, send: false });
    expect(await bg.tools()).not.toContain('reply.fill');
    const before = bg.tabs.calls.length;
    const r = await bg.as({ type: 'tool.invoke', tabId: 1, tool: 'reply.fill', input: { body: 'Hi' } });
    expect(r.value).toMatchObject({ ok: false });
    expect(bg.tabs.calls.slice(before).filter((c) => c.call.type === 'page.run')).toEqual([]);
    // A restarted worker reads the switch from storage.
    const again = await restart();
    expect(await again.announce()).toBe(true);
    expect(await again.tools()).not.toContain('reply.fill');
  });

  it('a restarted worker goes by the stored list, whatever the one before held', async () => {
    const first = await start();
    expect((await first.as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    const second = await restart();
    expect(await second.announce()).toBe(true);
    expect((await second.as({ type: 'sites.disable', origin: DESK })).value).toMatchObject({ ok: true });
    const third = await restart();
    expect(await third.announce()).toBe(false);
    expect((await third.as({ type: 'sites.enabled' })).value).toEqual([]);
  });

  attack('a tab that left an enabled site for another site is shown as still on the site it left', async () => {
    const bg = await start();
    expect((await bg.as({ type: 'sites.enable', origin: DESK })).value).toMatchObject({ ok: true });
    const tab = await fakeBrowser.tabs.create({ url: `${DESK}/tickets/7` });
    bg.tabs.tabs.set(tab.id!, { origin: DESK, ticket: '#7' });
    await bg.services.pages.set({ tabId: tab.id!, adapterId: 'fake-helpdesk', origin: DESK, url: `${DESK}/tickets/7`, ticket: { key: '7', label: '#7' } });
    const view = async () => (await bg.as({ type: 'view.get', tabId: tab.id! })).value.access;
    expect(await view()).toMatchObject({ origin: DESK, enabled: true });
    // It navigates: the page is dropped (tab-watch), and the view asks the browser where the tab is.
    await fakeBrowser.tabs.update(tab.id!, { url: `${OTHER}/inbox` });
    await bg.services.pages.drop(tab.id!);
    expect(await view()).toEqual({ origin: OTHER, loopback: false, enabled: false });
  });

  it('the view of a tab whose page announced itself does not ask the browser where the tab is', async () => {
    const bg = await start();
    await bg.as({ type: 'sites.enable', origin: DESK });
    expect(await bg.announce()).toBe(true);
    const asked = vi.spyOn(fakeBrowser.tabs, 'get');
    expect((await bg.as({ type: 'view.get', tabId: 1 })).value.access).toEqual({ origin: DESK, loopback: false, enabled: true });
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });
});
