import type { BrowserContext } from 'playwright-core';

/** The content script's CPU on one page: the sampling profiler's time in the extension's code. */
export interface ContentCpuFigures {
  /** Milliseconds of CPU per second of wall time spent in the extension's scripts in the page. */
  msPerSecond: number;
  /** Seconds profiled. */
  seconds: number;
  /** DOM changes the page made per second while profiled. */
  mutationsPerSecond: number;
  /** The profile's samples that fell in the extension's code. */
  samples: number;
  /** Where that time went: the extension's functions by own (self) time, most first, ms per second. */
  top: { fn: string; msPerSecond: number }[];
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Opens `url` (a page Deskmate's content script runs on), lets it settle, makes the page's own
 * script change `mutationsPerSecond` nodes per second (0: an idle page), and profiles the tab's
 * renderer with CDP's sampling profiler for `seconds`. Only samples whose function comes from
 * the extension (a chrome-extension:// script: the content script in its isolated world) count;
 * the page's own work does not.
 */
export async function measureContentScriptCpu(
  context: BrowserContext,
  url: string,
  { mutationsPerSecond, seconds }: { mutationsPerSecond: number; seconds: number },
): Promise<ContentCpuFigures> {
  const page = await context.newPage();
  try {
    await page.goto(url);
    await page.waitForLoadState('load');
    await page.waitForTimeout(1_500); // the content script has started and announced the page
    const cdp = await context.newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    if (mutationsPerSecond > 0) {
      // In the page's main world, as the helpdesk's own code would: a clock, a feed, a counter.
      await page.evaluate((perSecond: number) => {
        const box = document.createElement('div');
        box.id = 'bench-busy';
        document.body.append(box);
        let n = 0;
        setInterval(() => {
          const span = document.createElement('span');
          span.textContent = String(++n);
          box.append(span);
          if (box.childElementCount > 50) box.firstElementChild!.remove();
        }, 1000 / perSecond);
      }, mutationsPerSecond);
    }
    await cdp.send('Profiler.start');
    await page.waitForTimeout(seconds * 1000);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
    await cdp.detach().catch(() => undefined);
    const ours = new Set(profile.nodes.filter((n) => n.callFrame.url.startsWith('chrome-extension://')).map((n) => n.id));
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const byFn = new Map<string, number>();
    let micros = 0;
    let samples = 0;
    profile.samples.forEach((node, i) => {
      if (!ours.has(node)) return;
      const delta = profile.timeDeltas[i + 1] ?? 0; // a sample's delta is the time until the next one
      micros += delta;
      samples++;
      const f = byId.get(node)!.callFrame;
      const fn = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber + 1}:${f.columnNumber + 1}`;
      byFn.set(fn, (byFn.get(fn) ?? 0) + delta);
    });
    const perSecond = (us: number) => Math.round((us / 1000 / seconds) * 1000) / 1000;
    const top = [...byFn].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([fn, us]) => ({ fn, msPerSecond: perSecond(us) }));
    return { msPerSecond: perSecond(micros), seconds, mutationsPerSecond, samples, top };
  } finally {
    await page.close().catch(() => undefined);
  }
}
