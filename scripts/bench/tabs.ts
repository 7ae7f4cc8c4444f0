import type { BrowserContext, Page } from 'playwright-core';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';

/** The panel's global, in evaluated functions: just what this file uses. */
declare const chrome: {
  tabs: {
    query(q: object): Promise<{ id?: number; url?: string }[]>;
    reload(id: number): Promise<void>;
    onUpdated: { addListener(l: (tabId: number, change: { status?: string }) => void): void };
  };
  runtime: { sendMessage(message: unknown): Promise<unknown>; onMessage: { addListener(l: (m: unknown) => void): void; removeListener(l: (m: unknown) => void): void } };
};

/** One reload of every helpdesk tab, as the panel saw the background's broadcasts. */
export interface ReloadFigures {
  tabs: number;
  /** Reload issued -> the last tab's tools were dropped (its first view.changed). */
  allDroppedMs: number;
  /** Reload issued -> the last tab's tools were registered again (its second view.changed). */
  allBackMs: number;
  /** Each tab, reload issued -> its tools back. */
  perTabBackMs: number[];
  /**
   * Reload issued -> the browser says the last tab finished loading (tabs.onUpdated
   * 'complete'): what the pages themselves take, with or without Deskmate.
   */
  allLoadedMs: number;
  /** Each tab, its load complete -> its tools back (negative: back before the load completed). */
  perTabAfterLoadMs: number[];
}

/** Opens `count` tabs on the helpdesk, each on one of its eight tickets in turn. */
export async function openTabs(context: BrowserContext, ticketUrl: (id: number) => string, count: number): Promise<Page[]> {
  const pages: Page[] = [];
  for (let i = 0; i < count; i++) {
    const page = await context.newPage();
    await page.goto(ticketUrl(1 + (i % 8)));
    pages.push(page);
  }
  await Promise.all(pages.map((p) => p.waitForSelector('.hd-reply', { state: 'attached' })));
  return pages;
}

/**
 * Reloads every tab whose URL starts with `origin` at once (from the panel, with tabs.reload)
 * and times, per tab, the background's two broadcasts: tools dropped, then back. Waits first
 * until every tab has its tools. Short evaluations, polled: a busy machine can take long.
 */
export async function measureReloadAll(panel: SidePanel, origin: string, timeoutMs = 60_000): Promise<ReloadFigures> {
  const ids = await panel.evaluate(async (origin: string) => (await chrome.tabs.query({})).filter((t) => t.url?.startsWith(origin)).map((t) => t.id!), origin);
  await poll(
    () =>
      panel.evaluate(async (ids: number[]) => {
        type Envelope = { value?: { tools: unknown[] } };
        const counts = await Promise.all(ids.map(async (tabId) => ((await chrome.runtime.sendMessage({ type: 'view.get', tabId })) as Envelope).value?.tools.length ?? 0));
        return counts.every((n) => n > 0) || undefined;
      }, ids),
    'every tab to have its tools before the reload',
    { timeoutMs },
  );
  // Event-driven, and quiet while it measures: a tab's tools are back at the view.changed after
  // which its view lists them. The sidebar asks for the view of its own tab only; asking every
  // tab's view at each of its broadcasts (a hundred view.gets per reload, ~16% of the worker's
  // CPU) loaded the worker while it measured. So the views are asked once every tab has had its
  // two broadcasts (tools dropped, then back), or one and then 2 s of quiet (a lost broadcast),
  // and a tab whose view lists its tools is back at its last broadcast before that question.
  await panel.evaluate((ids: number[]) => {
    type Tab = { changes: number[]; back?: number; loaded?: number };
    const state = { start: performance.now(), tabs: Object.fromEntries(ids.map((id) => [id, { changes: [] } as Tab])) };
    (window as unknown as { __reloads: typeof state }).__reloads = state;
    const now = () => performance.now() - state.start;
    const check = async (tabId: number) => {
      const tab = state.tabs[tabId]!;
      const last = tab.changes.at(-1)!;
      const view = (await chrome.runtime.sendMessage({ type: 'view.get', tabId })) as { value?: { tools: unknown[] } };
      // A broadcast that came while the view was asked leaves the tab to be asked again.
      if ((view.value?.tools.length ?? 0) > 0 && tab.back === undefined && tab.changes.at(-1) === last) tab.back = last;
    };
    let checking = false;
    const settle = setInterval(() => {
      const waiting = Object.entries(state.tabs).filter(([, t]) => t.back === undefined);
      if (!waiting.length) return clearInterval(settle);
      const ready = ([, t]: [string, Tab]) => t.loaded !== undefined && (t.changes.length >= 2 || (t.changes.length > 0 && now() - t.changes.at(-1)! > 2_000));
      if (checking || !waiting.every(ready)) return;
      checking = true;
      void Promise.all(waiting.map(([id]) => check(Number(id)))).finally(() => (checking = false));
    }, 250);
    chrome.tabs.onUpdated.addListener((tabId, change) => {
      if (change.status === 'complete' && tabId in state.tabs) state.tabs[tabId]!.loaded = now();
    });
    chrome.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type?: string; tabId?: number | null };
      if (m.type !== 'view.changed' || typeof m.tabId !== 'number' || !(m.tabId in state.tabs)) return;
      state.tabs[m.tabId]!.changes.push(now());
    });
    for (const id of ids) void chrome.tabs.reload(id);
  }, ids);
  const seen = await poll(
    async () => {
      const seen = await panel.evaluate(() => {
        const state = (window as unknown as { __reloads: { tabs: Record<string, { changes: number[]; back?: number; loaded?: number }> } }).__reloads;
        return Object.fromEntries(Object.entries(state.tabs).map(([id, t]) => [id, [t.changes[0] ?? NaN, t.back ?? NaN, t.loaded ?? NaN]]));
      });
      return Object.values(seen).every((s) => Number.isFinite(s[1]) && Number.isFinite(s[2])) ? seen : undefined;
    },
    `every one of ${ids.length} tabs to get its tools back`,
    { timeoutMs, intervalMs: 250 },
  );
  const dropped = Object.values(seen).map((s) => s[0]!);
  const back = Object.values(seen).map((s) => s[1]!);
  const loaded = Object.values(seen).map((s) => s[2]!);
  return {
    tabs: ids.length,
    allDroppedMs: Math.max(...dropped),
    allBackMs: Math.max(...back),
    perTabBackMs: back,
    allLoadedMs: Math.max(...loaded),
    perTabAfterLoadMs: back.map((ms, i) => ms - loaded[i]!),
  };
}
