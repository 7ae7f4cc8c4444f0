import type { TargetSession } from './cdp-target';
import { landed, landingWatch, lookAt, NO_SPOT, steady, type Spot } from './steady-click';
import { DEFAULT_TIMEOUT_MS, poll, type WaitOptions } from './wait';

export interface ClickOptions extends WaitOptions {
  evenIfDisabled?: boolean;
}

/**
 * The real Chrome side panel, driven over CDP. Clicks and typing go through the Input domain,
 * so the panel sees trusted events (isTrusted, user activation) as from a person.
 */
export interface SidePanel {
  readonly targetId: string;
  readonly url: string;
  /** The tab the panel was opened for. */
  readonly tabId: number;
  /** Runs a function (serialised with its argument as JSON) or an expression in the panel. */
  evaluate<R>(fn: string | (() => R | Promise<R>)): Promise<R>;
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  waitFor(selector: string, options?: WaitOptions): Promise<void>;
  /** The textContent of the first match, after waiting for it. */
  text(selector: string, options?: WaitOptions): Promise<string>;
  /**
   * A trusted click at the element's centre, once it is visible, on top and enabled (as a person
   * waits for a busy button). `evenIfDisabled` clicks a disabled control at once, for tests that
   * show such a click does nothing.
   */
  click(selector: string, options?: ClickOptions): Promise<void>;
  /** Two clicks in quick succession (a double click): four mouse events, nothing in between. */
  dblclick(selector: string, options?: WaitOptions): Promise<void>;
  /** Focuses, selects the current value, and types `text` over it. */
  fill(selector: string, text: string, options?: WaitOptions): Promise<void>;
  press(key: PanelKey): Promise<void>;
  /** Types text where the focus is, as a keyboard would (no focusing first). */
  type(text: string): Promise<void>;
  /** Emulates `prefers-color-scheme` in the panel (light, dark, or '' for the system's). */
  emulateColorScheme(scheme: 'light' | 'dark' | ''): Promise<void>;
  /**
   * Keeps the panel focused while other pages take the focus (Emulation.setFocusEmulationEnabled),
   * as a person's keyboard stays in the side panel while the tab beside it reloads. Headless
   * Chromium hands the focus to a tab that navigates; a windowed browser leaves it in the panel.
   * The panel then also stays "visible" when it closes (no visibilitychange).
   */
  keepFocus(): Promise<void>;
  /** Lays the panel out at this size (CSS pixels), as a side panel dragged to it; null: its own size again. */
  emulateSize(size: { width: number; height: number } | null): Promise<void>;
  /** Closes the panel (window.close() from inside it, as Chrome documents) and detaches. */
  close(options?: WaitOptions): Promise<void>;
  /** Detaches the harness; the panel stays open. */
  detach(): Promise<void>;
}

export type PanelKey = 'Enter' | 'Tab' | 'Escape' | 'Backspace' | 'PageDown' | 'End';

const KEYS: Record<PanelKey, { code: string; keyCode: number; text?: string }> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
  Escape: { code: 'Escape', keyCode: 27 },
  Backspace: { code: 'Backspace', keyCode: 8 },
  PageDown: { code: 'PageDown', keyCode: 34 },
  End: { code: 'End', keyCode: 35 },
};

interface EvaluateReply {
  result: { value?: unknown };
  exceptionDetails?: { text: string; exception?: { description?: string } };
}

export function createSidePanelHandle(
  session: TargetSession,
  info: { targetId: string; url: string; tabId: number },
  isOpen: () => Promise<boolean>,
  onDetach: () => Promise<void>,
): SidePanel {
  async function evaluate<R>(fn: string | ((arg: never) => unknown), arg?: unknown): Promise<R> {
    const argument = arg === undefined ? '' : JSON.stringify(arg);
    const expression = typeof fn === 'string' ? fn : `(${fn.toString()})(${argument})`;
    const reply = await session.send<EvaluateReply>('Runtime.evaluate', {
      expression,
      awaitPromise: true,
      returnByValue: true,
    });
    if (reply.exceptionDetails) {
      const { exception, text } = reply.exceptionDetails;
      throw new Error(`side panel evaluate threw: ${exception?.description ?? text}`);
    }
    return reply.result.value as R;
  }

  async function waitFor(selector: string, { timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {}) {
    await poll(
      async () => ((await evaluate<boolean>((s: string) => !!document.querySelector(s), selector)) ? true : undefined),
      `side panel: ${selector} to appear in ${info.url}`,
      { timeoutMs },
    );
  }

  /**
   * Where to click: the element's centre, scrolled into view, once that spot is really the
   * element's (`elementFromPoint`). A late render (the markdown renderer loading, a list filled
   * in) can move things between measuring and clicking; measured and checked in one evaluate,
   * and taken only once two looks in a row agree (nothing is still moving, e.g. a list scrolling
   * to its end as a status line appears), the click lands on the element and not on whatever slid
   * under that spot.
   */
  async function centre(selector: string, { timeoutMs = DEFAULT_TIMEOUT_MS, evenIfDisabled = false }: ClickOptions = {}) {
    await waitFor(selector, { timeoutMs });
    let last = NO_SPOT;
    try {
      return await poll(
        async () => {
          const before = last;
          last = await evaluate<Spot>(lookAt, selector);
          return steady(before, last, evenIfDisabled);
        },
        `side panel: ${selector} to be visible${evenIfDisabled ? '' : ', enabled'} and on top`,
        { timeoutMs: Math.min(timeoutMs, 5_000) },
      );
    } catch (error) {
      if (last.width === 0 || last.height === 0) throw new Error(`side panel: ${selector} is not visible`);
      throw error;
    }
  }

  async function click(selector: string, options?: ClickOptions, retried = false): Promise<void> {
    const box = await centre(selector, options);
    const mouse = { x: box.x, y: box.y, button: 'left', clickCount: 1 };
    // Where the click event goes, so a click that something moved away from its target fails
    // here, by name, and not later as a card that never came (a disabled control gets none).
    const watch = !box.disabled;
    if (watch) await evaluate(landingWatch, selector);
    await session.send('Input.dispatchMouseEvent', { ...mouse, type: 'mouseMoved', button: 'none' });
    await session.send('Input.dispatchMouseEvent', { ...mouse, type: 'mousePressed' });
    await session.send('Input.dispatchMouseEvent', { ...mouse, type: 'mouseReleased' });
    if (!watch) return;
    const where = await evaluate<string>(landed);
    if (where === 'target') return;
    // A button disabled for a moment under the press (the page re-announcing its reply box as
    // focus leaves it) swallows the click, as it would a person's: who clicks again, once.
    if (!retried && !options?.evenIfDisabled) return click(selector, options, true);
    throw new Error(`side panel: the click meant for ${selector} landed on ${where}`);
  }

  async function dblclick(selector: string, options?: WaitOptions, retried = false): Promise<void> {
    const box = await centre(selector, options);
    const mouse = { x: box.x, y: box.y, button: 'left' };
    // Where the first click of the two goes, as for click: a double click swallowed by a button
    // disabled for a moment is made again once, and fails by name otherwise.
    await evaluate(landingWatch, selector);
    await session.send('Input.dispatchMouseEvent', { ...mouse, type: 'mouseMoved', button: 'none', clickCount: 0 });
    for (const clickCount of [1, 2]) {
      await session.send('Input.dispatchMouseEvent', { ...mouse, clickCount, type: 'mousePressed' });
      await session.send('Input.dispatchMouseEvent', { ...mouse, clickCount, type: 'mouseReleased' });
    }
    const where = await evaluate<string>(landed);
    if (where === 'target') return;
    if (!retried) return dblclick(selector, options, true);
    throw new Error(`side panel: the double click meant for ${selector} landed on ${where}`);
  }

  async function fill(selector: string, text: string, options?: WaitOptions) {
    await waitFor(selector, options);
    await evaluate((s: string) => {
      const element = document.querySelector(s) as HTMLElement;
      element.focus();
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.select();
      else if (element.isContentEditable) document.execCommand('selectAll');
    }, selector);
    if (text === '') await press('Backspace');
    else await session.send('Input.insertText', { text });
  }

  async function press(key: PanelKey) {
    const { code, keyCode, text } = KEYS[key];
    const event = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
    await session.send('Input.dispatchKeyEvent', { ...event, type: text ? 'keyDown' : 'rawKeyDown', text });
    await session.send('Input.dispatchKeyEvent', { ...event, type: 'keyUp' });
  }

  async function detach() {
    await session.detach();
    await onDetach();
  }

  return {
    ...info,
    evaluate,
    waitFor,
    text: async (selector, options) => {
      await waitFor(selector, options);
      return evaluate<string>((s: string) => document.querySelector(s)?.textContent ?? '', selector);
    },
    click,
    dblclick,
    fill,
    press,
    type: async (text) => void (await session.send('Input.insertText', { text })),
    emulateColorScheme: async (value) => void (await session.send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value }] })),
    keepFocus: async () => void (await session.send('Emulation.setFocusEmulationEnabled', { enabled: true })),
    emulateSize: async (size) =>
      void (await (size
        ? session.send('Emulation.setDeviceMetricsOverride', { ...size, deviceScaleFactor: 1, mobile: false })
        : session.send('Emulation.clearDeviceMetricsOverride'))),
    close: async ({ timeoutMs = DEFAULT_TIMEOUT_MS }: WaitOptions = {}) => {
      await session.send('Runtime.evaluate', { expression: 'window.close()' }).catch(() => undefined);
      await poll(async () => ((await isOpen()) ? undefined : true), `the side panel ${info.url} to close`, {
        timeoutMs,
      });
      await detach();
    },
    detach,
  };
}
