import type { Page } from 'playwright-core';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';
import { waitForTicketInPanel } from '../demo/panel-reads';

export interface BigRenderFigures {
  /** Characters of text in the thread's messages. */
  chars: number;
  messages: number;
  /** ticket.read's answer reaching the panel -> the next frame after the result showed. */
  arrivalToPaintMs: number;
  /** The click on the Page tab's Read -> that frame (the read itself included). */
  clickToPaintMs: number;
  /** The longest task of the panel from the answer's arrival to a second after the paint (long tasks are those over 50 ms: 0 = none). */
  longestTaskMs: number;
  /** Show more: the click -> the next frame after the next part showed, and the longest task meanwhile. */
  moreToPaintMs: number;
  moreLongestTaskMs: number;
}

const READ = '[data-testid="page-tool"][data-tool="ticket.read"]';

/**
 * The Page tab's Read ticket on a thread of `messages` customer messages of `chars` characters
 * each (60 x 50,000: 3 MB, the most the thread readers take of a message), in the panel's own tab
 * of the demo helpdesk: how long the side panel takes to show the result, and its longest task.
 */
export async function measureBigRender(panel: SidePanel, page: Page, ticketUrl: string, backUrl: string, messages = 60, chars = 50_000): Promise<BigRenderFigures> {
  await page.goto(`${ticketUrl}?bench=big-render`);
  await page.waitForSelector('.hd-thread');
  await page.evaluate(
    ({ messages, chars }) => {
      const thread = document.querySelector('.hd-thread')!;
      for (let i = 0; i < messages; i++) {
        const message = document.createElement('article');
        message.className = 'hd-message';
        message.setAttribute('data-role', 'customer');
        message.innerHTML = `<div class="hd-message-main"><header class="hd-message-header"><span class="hd-message-author">Long Mail ${i + 1}</span><time class="hd-message-time" datetime="2025-03-18T07:21:00Z">now</time></header><div class="hd-message-body"></div></div>`;
        const line = `Log line ${i + 1}: the export failed again at step 4 of 9. `;
        message.querySelector('.hd-message-body')!.textContent = line.repeat(Math.ceil(chars / line.length)).slice(0, chars);
        thread.append(message);
      }
    },
    { messages, chars },
  );
  try {
    await waitForTicketInPanel(panel, 15_000);
    await panel.click('#tab-page');
    await panel.waitFor(`${READ} button[type="submit"]`);
    await panel.evaluate(install);
    await panel.click(`${READ} button[type="submit"]`);
    const read = await poll(() => panel.evaluate(painted), 'the big ticket to show in the Page tab', { timeoutMs: 60_000 });
    await panel.evaluate(() => new Promise((done) => setTimeout(done, 1_000)));
    const longest = await panel.evaluate(longestSince, read.arrivedAt);
    const total = await page.evaluate(() => [...document.querySelectorAll('.hd-message-body')].reduce((n, b) => n + (b.textContent?.length ?? 0), 0));
    const first = { chars: total, messages, arrivalToPaintMs: read.frameAt - read.arrivedAt, clickToPaintMs: read.frameAt - read.clickAt, longestTaskMs: longest };
    // A panel that shows the whole result at once has no Show more.
    if (!(await panel.evaluate((s: string) => !!document.querySelector(s), `${READ} [data-testid="show-more"]`))) return { ...first, moreToPaintMs: Number.NaN, moreLongestTaskMs: Number.NaN };
    await panel.evaluate(() => void ((window as unknown as { benchMore: number }).benchMore = performance.now()));
    const shownBefore = await panel.evaluate(() => document.querySelectorAll('.message').length);
    await panel.click(`${READ} [data-testid="show-more"]`);
    const more = await poll(
      () => panel.evaluate((n: number) => (document.querySelectorAll('.message').length > n ? (window as unknown as { benchMore: number }).benchMore : undefined), shownBefore),
      'Show more to show the next part',
    );
    const moreFrame = await panel.evaluate(() => new Promise<number>((done) => requestAnimationFrame(() => done(performance.now()))));
    await panel.evaluate(() => new Promise((done) => setTimeout(done, 1_000)));
    return {
      ...first,
      moreToPaintMs: moreFrame - more,
      moreLongestTaskMs: await panel.evaluate(longestSince, more),
    };
  } finally {
    await panel.click('#tab-chat').catch(() => undefined);
    await page.goto(backUrl);
    await waitForTicketInPanel(panel, 15_000);
  }
}

type Bench = { benchTasks: { start: number; duration: number }[]; benchArrived?: number; benchClick?: number; benchFrame?: number };

/** Runs in the panel: long tasks, the click on Read, ticket.read's answer arriving (wrapped sendMessage), the frame after the result showed. */
function install(): void {
  const w = window as unknown as Bench;
  w.benchTasks = [];
  delete w.benchArrived;
  delete w.benchFrame;
  new PerformanceObserver((list) => list.getEntries().forEach((e) => w.benchTasks.push({ start: e.startTime, duration: e.duration }))).observe({ type: 'longtask' });
  document.addEventListener('click', () => (w.benchClick ??= performance.now()), { capture: true, once: true });
  type Runtime = { sendMessage(...args: unknown[]): unknown };
  const g = globalThis as unknown as { chrome?: { runtime?: Runtime }; browser?: { runtime?: Runtime } };
  for (const runtime of new Set([g.chrome?.runtime, g.browser?.runtime])) {
    if (!runtime) continue;
    const send = runtime.sendMessage;
    runtime.sendMessage = function (this: unknown, ...args: unknown[]) {
      const m = args[0] as { type?: string; tool?: string } | undefined;
      if (m?.type !== 'tool.invoke' || m.tool !== 'ticket.read') return send.apply(this, args);
      const arrived = () => (w.benchArrived ??= performance.now());
      const callback = typeof args.at(-1) === 'function' ? (args.pop() as (r: unknown) => void) : null;
      if (callback) return send.call(this, ...args, (r: unknown) => (arrived(), callback(r)));
      return (send.apply(this, args) as Promise<unknown>).then((r) => (arrived(), r));
    };
  }
  new MutationObserver((_, observer) => {
    if (!document.querySelector('[data-testid="page-tool"][data-tool="ticket.read"] [data-testid="tool-result"]')) return;
    observer.disconnect();
    requestAnimationFrame(() => (w.benchFrame = performance.now()));
  }).observe(document.body, { subtree: true, childList: true });
}

/** Runs in the panel: once the result showed and its frame came, the three times. */
function painted(): { arrivedAt: number; clickAt: number; frameAt: number } | undefined {
  const w = window as unknown as Bench;
  return w.benchFrame !== undefined && w.benchArrived !== undefined && w.benchClick !== undefined ? { arrivedAt: w.benchArrived, clickAt: w.benchClick, frameAt: w.benchFrame } : undefined;
}

/** Runs in the panel: the longest long task that ended after `since` (0: none over 50 ms). */
function longestSince(since: number): number {
  const w = window as unknown as Bench;
  return Math.max(0, ...w.benchTasks.filter((t) => t.start + t.duration >= since).map((t) => t.duration));
}
