import type { BrowserContext } from 'playwright-core';
import { attachToTarget } from '../../test/e2e/harness/cdp-target';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';
import { poll } from '../../test/e2e/harness/wait';

/**
 * Instruments the real side panel, from inside it: the events on the sidebar's own chat port
 * (with their arrival time), the clicks on test ids, and when each change
 * of the newest assistant message reached the DOM and the next frame. Times are wall-clock ms
 * (performance.timeOrigin + performance.now()), comparable with the demo model's timings.
 */
export interface ProbeMessage {
  at: number;
  type: string;
  sentAt?: number;
  /** The agent event of a chat.event (text deltas included). */
  event?: { type: string; [key: string]: unknown };
  /** chat.error's message. */
  message?: string;
}

export interface ProbePaint {
  /** The MutationObserver callback after the DOM changed. */
  mutatedAt: number;
  /** The requestAnimationFrame callback of the next frame. */
  frameAt: number;
  /** A message posted from that frame: after it was painted. */
  afterPaintAt: number;
  text: string;
}

export interface ProbeData {
  messages: ProbeMessage[];
  clicks: { at: number; testid: string }[];
  /** Input events (typing) in elements with a test id. */
  inputs: { at: number; testid: string }[];
  paints: ProbePaint[];
}

interface PortLike {
  onMessage: { addListener(fn: (m: Record<string, unknown>) => void): void };
}
interface RuntimeLike {
  connect(info?: { name?: string }): PortLike;
}

/**
 * Runs in the panel before any of its scripts (an init script): it may use nothing from outside.
 * It wraps `runtime.connect`, so the sidebar's own chat port (and each port it opens again after
 * the worker was stopped) tells the probe of every message before the sidebar sees it. It hears
 * exactly what the sidebar hears, and the worker posts each event once.
 */
function install(): void {
  const host = window as unknown as { __deskmateProbe?: ProbeData; __deskmateProbeEnd?: (() => void)[] };
  if (host.__deskmateProbe) return;
  const now = () => performance.timeOrigin + performance.now();
  const data: ProbeData = { messages: [], clicks: [], inputs: [], paints: [] };
  host.__deskmateProbe = data;

  const listen = (port: PortLike) =>
    port.onMessage.addListener((m) => {
      const at = now();
      const entry: ProbeMessage = { at, type: String(m.type) };
      if (typeof m.sentAt === 'number') entry.sentAt = m.sentAt;
      if (m.event) entry.event = m.event as ProbeMessage['event'];
      if (typeof m.message === 'string') entry.message = m.message;
      data.messages.push(entry);
      // Whoever waits for the turn to end is told now (see `waitForTurnEnd`).
      if (entry.type === 'chat.error' || entry.event?.type === 'done') (host.__deskmateProbeEnd?.splice(0) ?? []).forEach((wake) => wake());
    });
  // Chromium has both namespaces; the sidebar may use either (WXT picks `browser` where it exists).
  const g = globalThis as unknown as { chrome?: { runtime?: RuntimeLike }; browser?: { runtime?: RuntimeLike } };
  for (const runtime of new Set([g.chrome?.runtime, g.browser?.runtime])) {
    if (!runtime?.connect) continue;
    const connect = runtime.connect.bind(runtime);
    runtime.connect = (info?: { name?: string }) => {
      const port = connect(info);
      if (info?.name === 'chat') listen(port);
      return port;
    };
  }

  document.addEventListener(
    'click',
    (e) => {
      const el = (e.target as Element | null)?.closest?.('[data-testid]');
      if (el) data.clicks.push({ at: now(), testid: el.getAttribute('data-testid') ?? '' });
    },
    true,
  );
  document.addEventListener(
    'input',
    (e) => {
      const el = (e.target as Element | null)?.closest?.('[data-testid]');
      if (el) data.inputs.push({ at: now(), testid: el.getAttribute('data-testid') ?? '' });
    },
    true,
  );

  let last = '';
  const channel = new MessageChannel();
  const waiting: ProbePaint[] = [];
  channel.port1.onmessage = () => {
    const paint = waiting.shift();
    if (paint) {
      paint.afterPaintAt = now();
      data.paints.push(paint);
    }
  };
  const observer = new MutationObserver(() => {
    const all = document.querySelectorAll('[data-testid="assistant-message"]');
    const text = all[all.length - 1]?.textContent ?? '';
    if (text === last) return;
    last = text;
    const paint: ProbePaint = { mutatedAt: now(), frameAt: 0, afterPaintAt: 0, text };
    requestAnimationFrame(() => {
      paint.frameAt = now();
      waiting.push(paint);
      channel.port2.postMessage(0);
    });
  });
  // The document, not its root element: an init script runs before the root element exists.
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

/** Runs in the panel: it may use only its argument. */
function take(clear: boolean): ProbeData {
  const host = window as unknown as { __deskmateProbe?: ProbeData };
  const data = host.__deskmateProbe;
  if (!data) throw new Error('the probe is not installed in this panel');
  const copy = JSON.parse(JSON.stringify(data)) as ProbeData;
  if (clear) {
    data.messages.length = 0;
    data.clicks.length = 0;
    data.inputs.length = 0;
    data.paints.length = 0;
  }
  return copy;
}

/**
 * Installs the probe in the real side panel: as an init script, then the panel loads again so the
 * probe is there before the sidebar opens its chat port. Resolves once the sidebar shows its chat
 * again and the probe heard the conversation's snapshot on that port.
 */
export async function installProbe(context: BrowserContext, panel: SidePanel, timeoutMs = 20_000): Promise<void> {
  if (await panel.evaluate(() => !!(window as { __deskmateProbe?: unknown }).__deskmateProbe)) return;
  const browser = context.browser();
  if (!browser) throw new Error('no browser-level CDP session to install the probe');
  const cdp = await browser.newBrowserCDPSession();
  try {
    const target = await attachToTarget(cdp, panel.targetId, 'side panel (probe)', timeoutMs);
    // Init scripts live as long as the session that added them: this one stays attached.
    await target.send('Page.enable');
    await target.send('Page.addScriptToEvaluateOnNewDocument', { source: `(${install.toString()})()` });
    await target.send('Page.reload');
  } catch (error) {
    await cdp.detach().catch(() => undefined);
    throw error;
  }
  await poll(
    () =>
      panel
        .evaluate(() => {
          const probe = (window as { __deskmateProbe?: ProbeData }).__deskmateProbe;
          return !!probe?.messages.some((m) => m.type === 'chat.snapshot') && !!document.querySelector('[data-testid="chat-input"]');
        })
        .then((ok) => ok || undefined, () => undefined),
    'the side panel to load again with the probe and open its chat',
    { timeoutMs },
  );
}
export const readProbe = (panel: SidePanel, clear = false): Promise<ProbeData> => panel.evaluate(take, clear);

/** Runs in the panel: resolves true once the probe has heard a turn end (`done` or a chat error), false after `ms`. */
function ended(ms: number): Promise<boolean> {
  const host = window as unknown as { __deskmateProbe?: ProbeData; __deskmateProbeEnd?: (() => void)[] };
  const data = host.__deskmateProbe;
  if (!data) throw new Error('the probe is not installed in this panel');
  if (data.messages.some((m) => m.type === 'chat.error' || m.event?.type === 'done')) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    (host.__deskmateProbeEnd ??= []).push(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Waits until the probe has heard the turn end, told by the probe as it hears it rather than
 * found by reading the probe every 50 ms: each read is a task in the panel, on the CPU the
 * worker being measured shares. False after `ms`, or when the panel could not be asked.
 */
export const waitForTurnEnd = (panel: SidePanel, ms: number): Promise<boolean> => panel.evaluate(ended, ms).catch(() => false);

/** The agent events the probe heard, in order. */
export function agentEvents(data: ProbeData): { at: number; event: NonNullable<ProbeMessage['event']> }[] {
  return data.messages.filter((m) => m.type === 'chat.event' && m.event).map((m) => ({ at: m.at, event: m.event! }));
}
