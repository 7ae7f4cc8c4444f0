import { browser } from 'wxt/browser';
import type { PageTicket } from '../../sites/adapter';
import { storedKeys } from '../storage/session-keys';

/** What the background knows of a tab's page: which adapter runs there, on which ticket. */
export interface TabPage {
  tabId: number;
  adapterId: string;
  /** From the message sender, never from what the content script says. */
  origin: string;
  url: string;
  ticket: PageTicket | null;
}

/** One storage key per tab: a change writes that tab only, so work does not grow with the tab count. */
const PREFIX = 'tabPage:';
const keyOf = (tabId: number) => `${PREFIX}${tabId}`;

export interface TabPages {
  get(tabId: number): TabPage | undefined;
  all(): TabPage[];
  /** Memory changes at once, before this returns; the promise is the copy in storage.session. */
  set(page: TabPage): Promise<void>;
  /** `loading`: the tab left the page for another that is loading (see `loading`). */
  drop(tabId: number, loading?: boolean): Promise<boolean>;
  /**
   * The tab left its page for one that has neither announced itself nor finished loading: the
   * sidebar keeps what it shows until the next page is known. In memory only: a worker started
   * again knows no page of the tab, as after a finished load.
   */
  loading(tabId: number): boolean;
  /** The tab's load finished; whether it was still loading (no page announced itself since). */
  loaded(tabId: number): boolean;
}

/**
 * Kept in memory for speed and in storage.session so that a restarted service worker still
 * knows every tab without asking the pages (session storage ends with the browser).
 */
export async function loadTabPages(): Promise<TabPages> {
  const area = browser.storage.session;
  const keys = (await storedKeys(area)).filter((k) => k.startsWith(PREFIX));
  const stored = keys.length ? ((await area.get(keys)) as Record<string, TabPage>) : {};
  const pages = new Map<number, TabPage>(Object.values(stored).map((p) => [p.tabId, p]));
  const loading = new Set<number>();
  return {
    get: (tabId) => pages.get(tabId),
    all: () => [...pages.values()],
    async set(page) {
      const before = pages.get(page.tabId);
      pages.set(page.tabId, page);
      loading.delete(page.tabId);
      // A page announcing itself again with nothing new costs no write. The browser applies
      // one extension's storage calls in the order they were made, so a later drop wins.
      if (before && sameJson(before, page)) return;
      await area.set({ [keyOf(page.tabId)]: page });
    },
    async drop(tabId, next = false) {
      if (next) loading.add(tabId);
      else loading.delete(tabId);
      if (!pages.delete(tabId)) return false;
      await area.remove(keyOf(tabId));
      return true;
    },
    loading: (tabId) => loading.has(tabId),
    loaded: (tabId) => loading.delete(tabId),
  };
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
