import { browser } from 'wxt/browser';
import type { ChatSessions } from '../chat/chat-session';
import type { Services } from '../services';
import { unlessNoReceiver } from '../diagnostics/logger';

/**
 * Drops a tab's page tools when the tab reloads, navigates or closes; the content script of
 * the new page announces itself again. Until it has, or the load has finished, the tab's page is
 * loading (`TabPages.loading`). Single-page ticket switches are announced by the
 * content script. After a load completes, a tab the background does not know is asked to
 * announce, which closes the race between a drop and an early announcement.
 */
export function watchTabs(ready: Promise<{ services: Services; chat: ChatSessions }>): void {
  const services = ready.then((r) => r.services);
  const drop = async (tabId: number, loading = false) => {
    const s = await services;
    if (await s.pages.drop(tabId, loading)) {
      s.tools.sync();
      s.broadcast({ type: 'view.changed', tabId });
    }
  };

  browser.tabs.onRemoved.addListener((tabId) => {
    void drop(tabId);
    void services.then((s) => s.teach.drop(tabId));
    void ready.then(({ chat }) => chat.closeTab(tabId));
  });
  browser.tabs.onUpdated.addListener((tabId, change) => {
    void (async () => {
      const s = await services;
      const page = s.pages.get(tabId);
      if (page && (change.status === 'loading' || (change.url !== undefined && change.url !== page.url))) {
        // A page of its own loads; a page that changed its address itself (a single-page app) announces the new one at once.
        await drop(tabId, change.status === 'loading');
      }
      // Loaded with no page announced: the sidebar, which kept the last page's conversation, opens the tab's.
      if (change.status === 'complete' && s.pages.loaded(tabId)) s.broadcast({ type: 'view.changed', tabId });
      if (change.status === 'complete' && !s.pages.get(tabId)) {
        browser.tabs.sendMessage(tabId, { type: 'page.announce-again' }, { frameId: 0 }).catch(unlessNoReceiver('tabs', 'Could not ask a loaded tab to announce its page'));
      }
    })();
  });
}
