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
  await panel.evaluate((ids: number[]) => {
    const state = { start: performance.now(), seen: Object.fromEntries(ids.map((id) => [id, [] as number[]])), loaded: {} as Record<number, number> };
    (window as unknown as { __reloads: typeof state }).__reloads = state;
    chrome.tabs.onUpdated.addListener((tabId, change) => {
      if (change.status === 'complete' && tabId in state.seen) state.loaded[tabId] = performance.now() - state.start;
    });
    chrome.runtime.onMessage.addListener((message: unknown) => {
      const m = message as { type?: string; tabId?: number | null };
      if (m.type === 'view.changed' && typeof m.tabId === 'number') state.seen[m.tabId]?.push(performance.now() - state.start);
    });
    for (const id of ids) void chrome.tabs.reload(id);
  }, ids);
  // A tab is back when it was dropped (a view.changed came) and view.get lists its tools again.
  const seen = await poll(
    async () => {
      const seen = await panel.evaluate(async () => {
        const state = (window as unknown as { __reloads: { start: number; seen: Record<string, number[]>; loaded: Record<string, number>; back?: Record<string, number> } }).__reloads;
        state.back ??= {};
        for (const [id, changes] of Object.entries(state.seen)) {
          if (state.back[id] !== undefined || changes.length === 0) continue;
          const view = (await chrome.runtime.sendMessage({ type: 'view.get', tabId: Number(id) })) as { value?: { tools: unknown[] } };
          if ((view.value?.tools.length ?? 0) > 0) state.back[id] = Math.min(performance.now() - state.start, changes[1] ?? Infinity);
        }
        return Object.fromEntries(Object.entries(state.seen).map(([id, c]) => [id, [c[0] ?? NaN, state.back![id] ?? NaN, state.loaded[id] ?? NaN]]));
      });
      return Object.values(seen).every((s) => Number.isFinite(s[1])) ? seen : undefined;
    },
    `every one of ${ids.length} tabs to get its tools back`,
    { timeoutMs, intervalMs: 50 },
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
