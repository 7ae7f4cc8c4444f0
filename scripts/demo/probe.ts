import type { ChromeApi } from '../../test/e2e/harness/chromium';
import type { SidePanel } from '../../test/e2e/harness/side-panel-handle';

/**
 * Instruments the real side panel, from inside it: a second chat port that hears the same
 * events as the sidebar (with their arrival time), the clicks on test ids, and when each change
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
  paints: ProbePaint[];
}

interface PortLike {
  onMessage: { addListener(fn: (m: Record<string, unknown>) => void): void };
  onDisconnect: { addListener(fn: () => void): void };
  postMessage(m: unknown): void;
}
type ProbeChrome = ChromeApi & { runtime: { connect(info: { name: string }): PortLike } };
declare const chrome: ProbeChrome;

/** Runs in the panel: it may use only its argument. */
function install(tabId: number): boolean {
  const host = window as unknown as { __deskmateProbe?: ProbeData };
  if (host.__deskmateProbe) return false;
  const now = () => performance.timeOrigin + performance.now();
  const data: ProbeData = { messages: [], clicks: [], paints: [] };
  host.__deskmateProbe = data;

  // A stopped worker closes the port; like the sidebar, the probe connects again on the next
  // click (not at once, which would start the worker again before the click).
  let connected = false;
  const connect = () => {
    const port = chrome.runtime.connect({ name: 'chat' });
    connected = true;
    port.onDisconnect.addListener(() => (connected = false));
    port.onMessage.addListener((m) => {
      const at = now();
      const entry: ProbeMessage = { at, type: String(m.type) };
      if (typeof m.sentAt === 'number') entry.sentAt = m.sentAt;
      if (m.event) entry.event = m.event as ProbeMessage['event'];
      if (typeof m.message === 'string') entry.message = m.message;
      data.messages.push(entry);
    });
    port.postMessage({ type: 'chat.open', tabId });
  };
  connect();

  document.addEventListener(
    'click',
    (e) => {
      const el = (e.target as Element | null)?.closest?.('[data-testid]');
      if (el) data.clicks.push({ at: now(), testid: el.getAttribute('data-testid') ?? '' });
      if (!connected) connect();
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
  new MutationObserver(() => {
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
  }).observe(document.body, { subtree: true, childList: true, characterData: true });
  return true;
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
    data.paints.length = 0;
  }
  return copy;
}

export const installProbe = (panel: SidePanel): Promise<boolean> => panel.evaluate(install, panel.tabId);
export const readProbe = (panel: SidePanel, clear = false): Promise<ProbeData> => panel.evaluate(take, clear);

/** The agent events the probe heard, in order. */
export function agentEvents(data: ProbeData): { at: number; event: NonNullable<ProbeMessage['event']> }[] {
  return data.messages.filter((m) => m.type === 'chat.event' && m.event).map((m) => ({ at: m.at, event: m.event! }));
}
