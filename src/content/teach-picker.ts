/**
 * Teach mode's picker: an overlay over the helpdesk page that highlights what the pointer is
 * on and reports the element the agent clicks. While it is up, nothing of the page's own
 * handlers runs for the agent's pointer: a glass pane covers the page (iframes included), and
 * trusted pointer events are stopped at the window in the capture phase. Synthetic events a
 * page dispatches (isTrusted false) are never taken for a pick. The overlay lives in a closed
 * shadow root, so the page can neither read nor restyle it; stop() leaves nothing behind.
 * While the agent holds Alt, the pointer's moves reach the page (a hover menu opens, as it
 * would for them) and a click is still a pick, never the page's: the Reply item of a menu that
 * shows only on hover can be chosen.
 */
export interface Picker {
  /** The instruction of the current step. */
  instruct(text: string): void;
  /** What the last pick found, or why it did not fit. */
  say(text: string, kind: 'found' | 'error'): void;
  /** Outlines the elements a pick found (the thread's messages, their bodies). */
  mark(elements: Element[]): void;
  stop(): void;
}

export interface PickerOptions {
  onPick(target: Element): void;
  onCancel(): void;
  cancelLabel: string;
}

/** What still reaches the page while Alt is held: the pointer passing over it, never a press or a click. */
const HOVER_EVENTS = new Set(['pointermove', 'pointerover', 'pointerout', 'mousemove', 'mouseover', 'mouseout']);

const PRESSES = new Set(['pointerdown', 'mousedown', 'click']);

const POINTER_EVENTS = ['pointerdown', 'pointerup', 'pointermove', 'pointerover', 'pointerout', 'mousedown', 'mouseup', 'mousemove', 'mouseover', 'mouseout', 'click', 'dblclick', 'auxclick', 'contextmenu', 'touchstart', 'touchend'];

const STYLE = `
.glass{position:fixed;inset:0;pointer-events:auto;cursor:crosshair;background:transparent}
.hl,.mark{position:fixed;pointer-events:none;box-sizing:border-box;border-radius:3px}
.hl{border:2px solid #2563eb;background:rgba(37,99,235,.12)}
.mark{border:2px dashed #16a34a}
.bar{position:fixed;left:50%;bottom:16px;transform:translateX(-50%);max-width:min(640px,90vw);pointer-events:auto;
  font:14px/1.4 system-ui,sans-serif;color:#111;background:#fff;border:1px solid #999;border-radius:8px;
  box-shadow:0 4px 18px rgba(0,0,0,.25);padding:10px 12px;display:flex;gap:10px;align-items:center}
.text{flex:1}.msg{display:block;font-size:13px;color:#166534}.msg.error{color:#b91c1c}
button{font:inherit;padding:4px 10px;border:1px solid #999;border-radius:6px;background:#f4f4f5;cursor:pointer}`;

const inside = (el: Element, x: number, y: number) => {
  const r = el.getBoundingClientRect();
  return x >= r.left && x <= r.right && y >= r.top && y <= r.bottom;
};

export function createPicker(doc: Document, options: PickerOptions): Picker {
  const win = doc.defaultView!;
  const host = doc.createElement('div');
  host.setAttribute('data-deskmate-picker', '');
  host.style.cssText = 'all:initial;position:fixed;inset:0;z-index:2147483647;pointer-events:none';
  const root = host.attachShadow({ mode: 'closed' });
  const el = (tag: string, cls: string, parent: Node = root) => parent.appendChild(Object.assign(doc.createElement(tag), { className: cls }));
  el('style', '').textContent = STYLE;
  const glass = el('div', 'glass') as HTMLElement;
  const marks = el('div', 'marks');
  const hl = el('div', 'hl') as HTMLElement;
  const bar = el('div', 'bar') as HTMLElement;
  bar.setAttribute('role', 'status');
  const text = el('div', 'text', bar);
  const instruction = el('span', 'instruction', text);
  const msg = el('span', 'msg', text);
  const cancel = el('button', 'cancel', bar) as HTMLButtonElement;
  cancel.textContent = options.cancelLabel;
  hl.hidden = true;
  let marked: Element[] = [];
  let hovering = false;
  /** Alt held: the glass lets the pointer through to the page (its hover styles and menus work). */
  const letHover = (on: boolean) => {
    if (on === hovering) return;
    hovering = on;
    glass.style.pointerEvents = on ? 'none' : '';
  };

  /** The page's element under the pointer: the overlay steps aside for one hit test. */
  const beneath = (x: number, y: number): Element | null => {
    glass.style.pointerEvents = bar.style.pointerEvents = 'none';
    const under = doc.elementFromPoint(x, y);
    glass.style.pointerEvents = hovering ? 'none' : '';
    bar.style.pointerEvents = '';
    return under && under !== host ? under : null;
  };
  const box = (target: HTMLElement, of: Element) => {
    const r = of.getBoundingClientRect();
    Object.assign(target.style, { left: `${r.left}px`, top: `${r.top}px`, width: `${r.width}px`, height: `${r.height}px` });
  };
  const drawMarks = () => {
    marks.replaceChildren();
    for (const m of marked.slice(0, 200)) box(el('div', 'mark', marks) as HTMLElement, m);
  };

  const onPointer = (e: Event) => {
    if (!e.isTrusted) return; // the page's own synthetic events are its business, never a pick
    // A press carries the keys really held (Alt let go in another window); the boundary events
    // the browser makes when the layout moves under a still pointer may not, so they never decide.
    if (PRESSES.has(e.type)) letHover((e as MouseEvent).altKey === true);
    const { clientX: x, clientY: y, button } = e as MouseEvent;
    if (hovering && HOVER_EVENTS.has(e.type)) {
      // The page sees the pointer pass; the highlight still shows what a click would pick.
      const under = typeof x === 'number' && e.type.endsWith('move') ? beneath(x, y) : null;
      if (under) box(hl, under);
      hl.hidden = !under;
      return;
    }
    e.stopImmediatePropagation();
    if (e.cancelable) e.preventDefault();
    if (typeof x !== 'number') return;
    if (inside(bar, x, y)) {
      hl.hidden = true;
      if (e.type === 'click' && inside(cancel, x, y)) options.onCancel();
      return;
    }
    const under = beneath(x, y);
    if (e.type === 'mousemove' || e.type === 'pointermove') {
      hl.hidden = !under;
      if (under) box(hl, under);
    } else if (e.type === 'click' && button === 0 && under) options.onPick(under);
  };
  const onKey = (e: KeyboardEvent) => {
    if (!e.isTrusted) return;
    if (e.key === 'Alt') {
      letHover(e.type === 'keydown');
      return;
    }
    if (e.type !== 'keydown' || e.key !== 'Escape') return;
    e.stopImmediatePropagation();
    e.preventDefault();
    options.onCancel();
  };
  const onScroll = () => drawMarks();
  // Alt let go while another window had the focus never reaches the page as a keyup.
  const onBlur = () => letHover(false);

  for (const type of POINTER_EVENTS) win.addEventListener(type, onPointer, { capture: true });
  win.addEventListener('keydown', onKey, { capture: true });
  win.addEventListener('keyup', onKey, { capture: true });
  win.addEventListener('scroll', onScroll, { capture: true, passive: true });
  win.addEventListener('blur', onBlur);
  doc.documentElement.append(host);

  return {
    instruct(t) {
      instruction.textContent = t;
    },
    say(t, kind) {
      msg.textContent = t;
      msg.className = kind === 'error' ? 'msg error' : 'msg';
    },
    mark(elements) {
      marked = elements;
      drawMarks();
    },
    stop() {
      for (const type of POINTER_EVENTS) win.removeEventListener(type, onPointer, { capture: true });
      win.removeEventListener('keydown', onKey, { capture: true });
      win.removeEventListener('keyup', onKey, { capture: true });
      win.removeEventListener('scroll', onScroll, { capture: true });
      win.removeEventListener('blur', onBlur);
      host.remove();
    },
  };
}
