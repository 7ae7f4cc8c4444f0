import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { enabledSitesItem } from '../../src/background/storage/items';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { fakeHelpdesk } from '../fakes/fake-adapter';
import { createFakeTabs } from '../fakes/fake-tabs';
import { attack } from '../security/attack';

const DESK = 'https://desk.example.com';

const memory = (): KeyValue => {
  const items = new Map<string, unknown>();
  return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
};

/** Site access as Firefox runs it (contentScripts.register), with a registration that takes as long as the test says. */
function slowRegistration(granted: boolean) {
  let finish = () => undefined as void;
  const held = new Promise<void>((resolve) => (finish = resolve));
  const b = fakeBrowser as unknown as { contentScripts: Record<string, unknown>; permissions: Record<string, unknown>; runtime: Record<string, unknown> };
  b.contentScripts.register = async () => {
    await held;
    return { unregister: async () => undefined };
  };
  b.runtime.getManifest = () => ({ content_scripts: [{ js: ['content-scripts/content.js'] }] });
  b.permissions.contains = async () => granted;
  return { finish };
}

const start = () => createServices([fakeHelpdesk], createFakeTabs().send, undefined, createRecipeStore(memory()));

describe("the background's start", () => {
  beforeEach(async () => {
    fakeBrowser.reset();
    await enabledSitesItem.set([DESK]);
  });

  it('is ready for messages before the enabled sites’ content scripts are registered again', async () => {
    const registration = slowRegistration(true);
    const ready = await Promise.race([start().then(() => 'ready'), new Promise((r) => setTimeout(() => r('waiting'), 2000))]);
    expect(ready).toBe('ready');
    registration.finish();
  });

  it('hears an enabled site once its content script is registered again', async () => {
    const registration = slowRegistration(true);
    const { services } = await start();
    const allowed = services.allowsOrigin(DESK);
    registration.finish();
    expect(await allowed).toBe(true);
  });

  attack('a site whose permission was taken back while the worker was stopped announces a page during the start', async () => {
    slowRegistration(false);
    const tabs = createFakeTabs();
    const { services, handlers } = await createServices([fakeHelpdesk], tabs.send, undefined, createRecipeStore(memory()));
    tabs.tabs.set(1, { origin: DESK, ticket: '#7' });
    // The list of enabled sites waits for the restore, which drops the site: never the list as stored.
    const r = await handlers['page.announce']({ type: 'page.announce', adapterId: 'fake-helpdesk', url: `${DESK}/tickets/7`, ticket: { key: '7', label: '#7' } }, tabs.senderOf(1));
    expect(r).toMatchObject({ ok: false });
    expect(services.pages.get(1)).toBeUndefined();
    expect(await enabledSitesItem.get()).toEqual([]);
  });
});
