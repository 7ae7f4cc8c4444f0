import { browser } from 'wxt/browser';
import { sitePattern } from '../../shared/settings';
import { enabledSitesItem } from '../storage/items';
import { createSerial } from '../storage/serial';
import { log } from '../diagnostics/logger';

/**
 * "Enable Deskmate on this site": self-hosted helpdesks live at any address, so the content
 * script is registered at run time for each origin the agent allows (after the browser has
 * granted that origin), and removed again on revoke. Chrome keeps MV3 registrations across
 * restarts; Firefox's contentScripts.register lasts as long as the background page, so
 * every start registers the stored list again.
 */
type FirefoxContentScripts = {
  register(o: { matches: string[]; js: { file: string }[]; runAt: string }): Promise<{ unregister(): Promise<void> }>;
};

export { sitePattern } from '../../shared/settings';

export function createSiteAccess() {
  const serial = createSerial();
  const firefoxHandles = new Map<string, { unregister(): Promise<void> }>();
  // A path relative to the extension's root, as both browsers' APIs want it (Firefox's
  // getManifest() gives it as a full moz-extension:// URL).
  const script = () => {
    const declared = browser.runtime.getManifest().content_scripts?.[0]?.js?.[0] ?? 'content-scripts/content.js';
    return new URL(declared, browser.runtime.getURL('/')).pathname.replace(/^\//, '');
  };
  const firefox = (browser as unknown as { contentScripts?: FirefoxContentScripts }).contentScripts;
  // The list is kept in memory by its item (every announce and every view asks for it).
  const read = async () => [...(await enabledSitesItem.get())];
  const write = (origins: string[]) => enabledSitesItem.set([...new Set(origins)].sort());
  const id = (origin: string) => `site:${origin}`;

  async function register(origin: string): Promise<void> {
    if (firefox) {
      if (!firefoxHandles.has(origin)) {
        firefoxHandles.set(origin, await firefox.register({ matches: [sitePattern(origin)], js: [{ file: script() }], runAt: 'document_idle' }));
      }
      return;
    }
    const known = await browser.scripting.getRegisteredContentScripts({ ids: [id(origin)] });
    if (known.length) return;
    await browser.scripting.registerContentScripts([
      { id: id(origin), matches: [sitePattern(origin)], js: [script()], runAt: 'document_idle', persistAcrossSessions: true },
    ]);
  }

  async function unregister(origin: string): Promise<void> {
    if (firefox) {
      await firefoxHandles.get(origin)?.unregister();
      firefoxHandles.delete(origin);
      return;
    }
    // None registered (a site enabled before this browser session) is expected.
    await browser.scripting.unregisterContentScripts({ ids: [id(origin)] }).catch(log.swallow('site-access', 'Could not unregister the content script of a site', 'info'));
  }

  /** Runs the content script in the tabs of that origin that are already open. */
  async function injectOpenTabs(origin: string): Promise<void> {
    // Not tabs.query({ url }): a match pattern there cannot name a port.
    for (const tab of await browser.tabs.query({})) {
      if (tab.id === undefined || !tab.url || !tab.url.startsWith(`${origin}/`)) continue;
      const run = firefox
        ? (browser.tabs as unknown as { executeScript(id: number, o: { file: string }): Promise<unknown> }).executeScript(tab.id, { file: script() })
        : browser.scripting.executeScript({ target: { tabId: tab.id }, files: [script() as never] });
      // A tab that cannot take scripts (an error page, a PDF) gets it on its next load.
      await run.catch(log.swallow('site-access', 'Could not run the content script in an open tab of the site', 'info'));
    }
  }

  return {
    list: () => serial(read),
    /** Registers the script for an origin the browser has granted; refuses one it has not. */
    enable: (origin: string) =>
      serial(async () => {
        if (!(await browser.permissions.contains({ origins: [sitePattern(origin)] }))) {
          return { ok: false, error: `The browser has not granted access to ${origin}.` };
        }
        await register(origin);
        await write([...(await read()), origin]);
        await injectOpenTabs(origin);
        return { ok: true };
      }),
    disable: (origin: string) =>
      serial(async () => {
        await unregister(origin);
        await write((await read()).filter((o) => o !== origin));
        await browser.permissions.remove({ origins: [sitePattern(origin)] }).catch(log.swallow('site-access', 'Could not give back the permission of a disabled site'));
        return { ok: true };
      }),
    /**
     * At each start and policy change: what is stored is registered (Firefox), what lost its
     * permission is dropped, and what the organisation does not allow is kept but not run.
     */
    restore: (allowed: (origin: string) => boolean = () => true) =>
      serial(async () => {
        const kept: string[] = [];
        for (const origin of await read()) {
          if (!allowed(origin)) {
            await unregister(origin);
            kept.push(origin);
          } else if (await browser.permissions.contains({ origins: [sitePattern(origin)] })) {
            await register(origin).catch(log.swallow('site-access', 'Could not register the content script of an enabled site', 'error'));
            kept.push(origin);
          } else await unregister(origin);
        }
        await write(kept);
      }),
  };
}

export type SiteAccess = ReturnType<typeof createSiteAccess>;
