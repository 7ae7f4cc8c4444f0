import { browser } from 'wxt/browser';
import type { PageTicket } from '../sites/adapter';
import { createSerial } from './serial';

/** What the background knows of a tab's page: which adapter runs there, on which ticket. */
export interface TabPage {
  tabId: number;
  adapterId: string;
  /** From the message sender, never from what the content script says. */
  origin: string;
  url: string;
  ticket: PageTicket | null;
}

const KEY = 'tabPages';

export interface TabPages {
  get(tabId: number): TabPage | undefined;
  all(): TabPage[];
  set(page: TabPage): Promise<void>;
  drop(tabId: number): Promise<boolean>;
}

/**
 * Kept in memory for speed and in storage.session so that a restarted service worker still
 * knows every tab without asking the pages (session storage ends with the browser).
 */
export async function loadTabPages(): Promise<TabPages> {
  const serial = createSerial();
  const stored = ((await browser.storage.session.get(KEY))[KEY] as Record<string, TabPage>) ?? {};
  const pages = new Map<number, TabPage>(Object.values(stored).map((p) => [p.tabId, p]));
  const persist = () =>
    serial(() => browser.storage.session.set({ [KEY]: Object.fromEntries([...pages].map(([id, p]) => [String(id), p])) }));
  return {
    get: (tabId) => pages.get(tabId),
    all: () => [...pages.values()],
    async set(page) {
      pages.set(page.tabId, page);
      await persist();
    },
    async drop(tabId) {
      if (!pages.delete(tabId)) return false;
      await persist();
      return true;
    },
  };
}
