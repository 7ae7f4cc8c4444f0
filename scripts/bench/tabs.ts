import type { BrowserContext, Page } from 'playwright-core';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';

/** The panel's global, in evaluated functions: just what this file uses. */
declare const chrome: {
  tabs: { query(q: object): Promise<{ id?: number; url?: string }[]>; reload(id: number): Promise<void> };
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
 * until every tab has its tools.
 */
export async function measureReloadAll(panel: SidePanel, origin: string, timeoutMs = 30_000): Promise<ReloadFigures> {
  const result = await panel.evaluate(
    async ({ origin, timeoutMs }: { origin: string; timeoutMs: number }) => {
      type Envelope = { ok: boolean; value?: { tools: unknown[] } };
      const all = await chrome.tabs.query({});
      const ids = all.filter((t) => t.url?.startsWith(origin)).map((t) => t.id!);
      const hasTools = async (tabId: number) => ((await chrome.runtime.sendMessage({ type: 'view.get', tabId })) as Envelope).value?.tools.length ?? 0;
      const deadline = performance.now() + timeoutMs;
      while ((await Promise.all(ids.map(hasTools))).some((n) => n === 0)) {
        if (performance.now() > deadline) return { error: 'not every tab had its tools before the reload' };
        await new Promise((r) => setTimeout(r, 100));
      }
      const seen = new Map<number, number[]>(ids.map((id) => [id, []]));
      let start = 0;
      let listener = (_: unknown) => undefined as void;
      const finished = new Promise<void>((resolve) => {
        listener = (message: unknown) => {
          const m = message as { type?: string; tabId?: number | null };
          if (m.type !== 'view.changed' || typeof m.tabId !== 'number') return;
          seen.get(m.tabId)?.push(performance.now() - start);
          if ([...seen.values()].every((s) => s.length >= 2)) resolve();
        };
        chrome.runtime.onMessage.addListener(listener);
        setTimeout(resolve, timeoutMs);
      });
      start = performance.now();
      await Promise.all(ids.map((id) => chrome.tabs.reload(id)));
      await finished;
      chrome.runtime.onMessage.removeListener(listener);
      const late = ids.filter((id) => seen.get(id)!.length < 2);
      if (late.length) return { error: `${late.length} of ${ids.length} tabs did not get their tools back in ${timeoutMs} ms` };
      const counts = await Promise.all(ids.map(hasTools));
      if (counts.some((n) => n === 0)) return { error: 'a tab announced but has no tools' };
      const dropped = ids.map((id) => seen.get(id)![0]!);
      const back = ids.map((id) => seen.get(id)![1]!);
      return { tabs: ids.length, allDroppedMs: Math.max(...dropped), allBackMs: Math.max(...back), perTabBackMs: back };
    },
    { origin, timeoutMs },
  );
  if ('error' in result) throw new Error(`50-tab reload: ${result.error}`);
  return result as ReloadFigures;
}
