import '../../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createSiteAccess } from '../../../src/background/access/site-access';
import { enabledSitesItem } from '../../../src/background/storage/items';

/**
 * "Enable Deskmate on this site" as the browser sees it: which content scripts are registered
 * for which origins (Chrome's scripting API, Firefox's contentScripts), which open tabs get the
 * script at once, and what permissions are given back.
 */
const DESK = 'https://desk.example.com';
const OTHER = 'http://other.example.com:8080';

type Registered = { id?: string; matches: string[]; js: string[]; runAt: string; persistAcrossSessions?: boolean };

/** The browser's side: granted origins, registered scripts, scripts run in tabs. */
function browserSide(kind: 'chrome' | 'firefox') {
  const granted = new Set<string>();
  const registered: Registered[] = [];
  const ran: { tabId: number; file: string }[] = [];
  const removed: string[] = [];
  const failing = new Set<number>();
  const b = fakeBrowser as unknown as Record<string, Record<string, unknown>>;
  b.runtime!.getManifest = () => ({
    // Firefox gives the declared file as a full extension URL, Chrome as it was declared.
    content_scripts: [{ js: [kind === 'firefox' ? 'moz-extension://abc/content-scripts/content.js' : 'content-scripts/content.js'] }],
  });
  b.permissions!.contains = async ({ origins }: { origins: string[] }) => origins.every((o) => granted.has(o));
  b.permissions!.remove = async ({ origins }: { origins: string[] }) => {
    removed.push(...origins);
    return true;
  };
  const run = async (tabId: number, file: string) => {
    if (failing.has(tabId)) throw new Error('Cannot access contents of the page');
    ran.push({ tabId, file });
  };
  if (kind === 'firefox') {
    b.contentScripts!.register = async (o: { matches: string[]; js: { file: string }[]; runAt: string }) => {
      const entry = { matches: o.matches, js: o.js.map((j) => j.file), runAt: o.runAt };
      registered.push(entry);
      return { unregister: async () => void registered.splice(registered.indexOf(entry), 1) };
    };
    b.tabs!.executeScript = (tabId: number, o: { file: string }) => run(tabId, o.file);
  } else {
    delete b.contentScripts;
    b.scripting = {
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) => registered.filter((r) => ids.includes(r.id!)),
      registerContentScripts: async (list: Registered[]) => void registered.push(...list),
      unregisterContentScripts: async ({ ids }: { ids: string[] }) => {
        if (!registered.some((r) => ids.includes(r.id!))) throw new Error('Nonexistent script ID');
        registered.splice(0, registered.length, ...registered.filter((r) => !ids.includes(r.id!)));
      },
      executeScript: ({ target, files }: { target: { tabId: number }; files: string[] }) => run(target.tabId, files[0]!),
    };
  }
  return { granted, registered, ran, removed, failing };
}

const saved = { contentScripts: fakeBrowser.contentScripts, scripting: fakeBrowser.scripting };
beforeEach(() => {
  fakeBrowser.reset();
  for (const level of ['info', 'warn', 'error'] as const) vi.spyOn(console, level).mockImplementation(() => undefined);
});
afterEach(() => {
  Object.assign(fakeBrowser, saved);
  vi.restoreAllMocks();
});

describe.each(['chrome', 'firefox'] as const)('sites enabled in %s', (kind) => {
  it('refuses a site the browser has not granted: nothing is registered or stored', async () => {
    const side = browserSide(kind);
    const access = createSiteAccess();
    expect(await access.enable(DESK)).toEqual({ ok: false, error: `The browser has not granted access to ${DESK}.` });
    expect(side.registered).toEqual([]);
    expect(await access.list()).toEqual([]);
  });

  it('registers the content script for a granted site, once, and keeps the list sorted without repeats', async () => {
    const side = browserSide(kind);
    side.granted.add('https://desk.example.com/*').add('http://other.example.com/*');
    const access = createSiteAccess();
    expect(await access.enable(OTHER)).toEqual({ ok: true });
    expect(await access.enable(DESK)).toEqual({ ok: true });
    expect(await access.enable(DESK)).toEqual({ ok: true });
    expect(await access.list()).toEqual([OTHER, DESK]);
    expect(await enabledSitesItem.get()).toEqual([OTHER, DESK]);
    const desk = { matches: ['https://desk.example.com/*'], js: ['content-scripts/content.js'], runAt: 'document_idle' };
    const other = { ...desk, matches: ['http://other.example.com/*'] };
    expect(side.registered).toEqual(
      kind === 'chrome'
        ? [
            { ...other, id: `site:${OTHER}`, persistAcrossSessions: true },
            { ...desk, id: `site:${DESK}`, persistAcrossSessions: true },
          ]
        : [other, desk],
    );
  });

  it('runs the script at once in the open tabs of that site only, past a tab that refuses it', async () => {
    const side = browserSide(kind);
    side.granted.add('https://desk.example.com/*');
    const refusing = await fakeBrowser.tabs.create({ url: `${DESK}/error` });
    const ticket = await fakeBrowser.tabs.create({ url: `${DESK}/tickets/7` });
    await fakeBrowser.tabs.create({ url: 'https://desk.example.com.evil.example/tickets/7' });
    await fakeBrowser.tabs.create({ url: 'https://other.example.com/' });
    side.failing.add(refusing.id!);
    expect(await createSiteAccess().enable(DESK)).toEqual({ ok: true });
    expect(side.ran).toEqual([{ tabId: ticket.id, file: 'content-scripts/content.js' }]);
    expect(console.info).toHaveBeenCalledWith(
      'Deskmate [site-access] Could not run the content script in an open tab of the site: Error: Cannot access contents of the page',
    );
  });

  it('disabling a site unregisters its script, forgets it and gives the permission back', async () => {
    const side = browserSide(kind);
    side.granted.add('https://desk.example.com/*').add('http://other.example.com/*');
    const access = createSiteAccess();
    await access.enable(DESK);
    await access.enable(OTHER);
    expect(await access.disable(DESK)).toEqual({ ok: true });
    expect(await access.list()).toEqual([OTHER]);
    expect(side.registered.map((r) => r.matches)).toEqual([['http://other.example.com/*']]);
    expect(side.removed).toEqual(['https://desk.example.com/*']);
  });

  it('disabling a site with no script registered in this session still forgets it', async () => {
    const side = browserSide(kind);
    await enabledSitesItem.set([DESK]);
    expect(await createSiteAccess().disable(DESK)).toEqual({ ok: true });
    expect(await enabledSitesItem.get()).toEqual([]);
    expect(side.removed).toEqual(['https://desk.example.com/*']);
  });

  it('at start, registers what is stored and granted, drops what lost its permission, keeps but does not run what the organisation disallows', async () => {
    const side = browserSide(kind);
    const LOST = 'https://lost.example.com';
    await enabledSitesItem.set([DESK, LOST, OTHER]);
    side.granted.add('https://desk.example.com/*').add('http://other.example.com/*');
    const access = createSiteAccess();
    await access.restore((origin) => origin !== OTHER);
    expect(await access.list()).toEqual([OTHER, DESK]);
    expect(side.registered.map((r) => r.matches)).toEqual([['https://desk.example.com/*']]);
    // Registering again at the next start does not add a second script.
    await access.restore((origin) => origin !== OTHER);
    expect(side.registered.map((r) => r.matches)).toEqual([['https://desk.example.com/*']]);
    // The organisation allows it again: it runs, without the agent enabling it again.
    await access.restore();
    expect(side.registered.map((r) => r.matches).sort()).toEqual([['http://other.example.com/*'], ['https://desk.example.com/*']]);
  });

  it('at start, a site whose script the browser will not register is logged and kept, and the others still run', async () => {
    const side = browserSide(kind);
    await enabledSitesItem.set([OTHER, DESK]);
    side.granted.add('https://desk.example.com/*').add('http://other.example.com/*');
    const b = fakeBrowser as unknown as Record<string, Record<string, (...a: never[]) => Promise<unknown>>>;
    const api = kind === 'firefox' ? b.contentScripts! : b.scripting!;
    const name = kind === 'firefox' ? 'register' : 'registerContentScripts';
    const register = api[name]!;
    api[name] = async (...a: never[]) => {
      if (JSON.stringify(a).includes('http://other.example.com/*')) throw new Error('Invalid match pattern');
      return register(...a);
    };
    const access = createSiteAccess();
    await access.restore();
    expect(await access.list()).toEqual([OTHER, DESK]);
    expect(side.registered.map((r) => r.matches)).toEqual([['https://desk.example.com/*']]);
    expect(console.error).toHaveBeenCalledWith('Deskmate [site-access] Could not register the content script of an enabled site: Error: Invalid match pattern');
  });

  it('disabling a site whose permission the browser will not give back still forgets it, and logs why', async () => {
    const side = browserSide(kind);
    side.granted.add('https://desk.example.com/*');
    const access = createSiteAccess();
    await access.enable(DESK);
    (fakeBrowser.permissions as unknown as Record<string, unknown>).remove = async () => Promise.reject(new Error('Permission is required'));
    expect(await access.disable(DESK)).toEqual({ ok: true });
    expect(await access.list()).toEqual([]);
    expect(side.registered).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith('Deskmate [site-access] Could not give back the permission of a disabled site: Error: Permission is required');
  });

  it('at a policy change, unregisters the script of a running site the organisation no longer allows', async () => {
    const side = browserSide(kind);
    side.granted.add('https://desk.example.com/*');
    const access = createSiteAccess();
    await access.enable(DESK);
    await access.restore(() => false);
    expect(side.registered).toEqual([]);
    expect(await access.list()).toEqual([DESK]);
  });
});
