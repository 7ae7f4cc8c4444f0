import { browser } from 'wxt/browser';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { contentPartFile } from '../../shared/content-parts';
import { originOf } from '../../shared/origin';

type FirefoxTabs = { executeScript(tabId: number, details: { file: string; frameId: number }): Promise<unknown> };

/**
 * Runs a part of the content script (src/shared/content-parts.ts) in the tab whose content script
 * asked for it: the file of a name on the fixed list, only in that tab's top frame and while it
 * shows a site Deskmate runs on. The part's script keeps the module already there if it runs
 * twice, and two asks at once for the same tab and part run it once.
 */
export function contentPartHandlers(s: Pick<Services, 'allowsOrigin'>): Pick<Handlers, 'content.part'> {
  const running = new Map<string, Promise<void>>();
  return {
    async 'content.part'({ part }, sender) {
      const file = contentPartFile(part);
      if (!file) return { ok: false, error: 'No such part.' };
      const tabId = sender.tabId;
      if (tabId === undefined || !sender.origin || !(await s.allowsOrigin(sender.origin))) return { ok: false, error: 'Deskmate is not running on this page.' };
      // The tab may have gone to another site since it asked.
      const shown = await browser.tabs.get(tabId).catch(() => null);
      if (!shown?.url || originOf(shown.url) !== sender.origin) return { ok: false, error: 'The tab shows another page now.' };
      const key = `${tabId} ${file}`;
      let run = running.get(key);
      if (!run) {
        run = inject(tabId, file).finally(() => running.delete(key));
        running.set(key, run);
      }
      try {
        await run;
        return { ok: true };
      } catch (e) {
        return { ok: false, error: e instanceof Error ? e.message : String(e) };
      }
    },
  };
}

async function inject(tabId: number, file: string): Promise<void> {
  // Chromium (MV3) has the scripting API; Firefox's build is MV2, with tabs.executeScript.
  if (typeof browser.scripting?.executeScript === 'function') {
    await browser.scripting.executeScript({ target: { tabId, frameIds: [0] }, files: [file as never] });
    return;
  }
  await (browser.tabs as unknown as FirefoxTabs).executeScript(tabId, { file: `/${file}`, frameId: 0 });
}
