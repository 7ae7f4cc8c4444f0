import type { BrowserContext } from 'playwright-core';

export interface ContentLoadFigures {
  /** Each load: the page's DOMContentLoaded (document_idle comes at or after it) -> the worker receiving page.announce, ms. */
  announceMs: number[];
}

declare const chrome: { runtime: { onMessage: { addListener(fn: (message: { type?: string; url?: string }) => void): void } } };

/**
 * Loads `url` in a new tab `loads` times and times each from the page's DOMContentLoaded to the
 * extension's service worker receiving the content script's page.announce for it. Both clocks
 * are the machine's wall clock (the page's performance.timing, the worker's timeOrigin + now).
 */
export async function measureContentLoad(context: BrowserContext, url: string, loads = 5): Promise<ContentLoadFigures> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('content load: the extension service worker is not running');
  await worker.evaluate(() => {
    const w = globalThis as unknown as { benchAnnounces?: { url: string; at: number }[] };
    if (w.benchAnnounces) return;
    w.benchAnnounces = [];
    // One more listener beside the router's: it answers nothing, so the router's answer stands.
    chrome.runtime.onMessage.addListener((message) => {
      if (message?.type === 'page.announce') w.benchAnnounces!.push({ url: String(message.url), at: performance.timeOrigin + performance.now() });
    });
  });
  const announceMs: number[] = [];
  const page = await context.newPage();
  try {
    for (let i = 0; i < loads; i++) {
      const loadUrl = `${url}${url.includes('?') ? '&' : '?'}bench-load=${i}`;
      await page.goto(loadUrl);
      const ready = await page.evaluate(() => performance.timing.domContentLoadedEventEnd);
      const at = await pollWorker(worker, loadUrl);
      announceMs.push(at - ready);
    }
  } finally {
    await page.close();
  }
  return { announceMs };
}

async function pollWorker(worker: { evaluate<R, A>(fn: (arg: A) => R, arg: A): Promise<R> }, url: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const at = await worker.evaluate((u: string) => (globalThis as unknown as { benchAnnounces: { url: string; at: number }[] }).benchAnnounces.find((a) => a.url === u)?.at ?? null, url);
    if (at !== null) return at;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`content load: no page.announce for ${url}`);
}
