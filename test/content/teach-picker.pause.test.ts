import { Window } from 'happy-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPicker } from '../../src/content/teach-picker';
import { attack } from '../security/attack';

/**
 * The picker pauses while the agent holds Alt: the pointer's passing reaches the page, so a menu
 * that opens on hover opens; a press or a click never reaches it, and letting go of Alt covers
 * the page again. (The events are made trusted here as a person's are; the page's own
 * synthetic events are refused by the same check, see test/security/teach-mode.test.ts.)
 */
function setup() {
  const window = new Window({ url: 'http://127.0.0.1:4599/history/tickets/7', settings: { disableJavaScriptEvaluation: true } });
  const doc = window.document as unknown as Document;
  doc.write('<div class="actions-menu"><span class="menu-label">Actions</span><a class="menu-link" href="/reply">Reply</a></div>');
  // The overlay's root is closed to the page; the test keeps a handle on it to read the glass.
  let root: ShadowRoot | null = null;
  const attach = window.HTMLElement.prototype.attachShadow;
  vi.spyOn(window.HTMLElement.prototype, 'attachShadow').mockImplementation(function (this: HTMLElement, init: ShadowRootInit) {
    root = attach.call(this, init) as unknown as ShadowRoot;
    return root as never;
  });
  const picker = createPicker(doc, { onPick: () => undefined, onCancel: () => undefined, cancelLabel: 'Cancel' });
  const glass = () => (root!.querySelector('.glass') as HTMLElement).style.pointerEvents;
  const seen: string[] = [];
  const label = doc.querySelector('.menu-label')!;
  for (const type of ['mouseover', 'mousemove', 'mousedown', 'click']) label.addEventListener(type, () => seen.push(type));
  const trusted = <E extends Event>(e: E): E => Object.defineProperty(e, 'isTrusted', { value: true });
  const mouse = (type: string, altKey: boolean) => label.dispatchEvent(trusted(new window.MouseEvent(type, { bubbles: true, cancelable: true, altKey, clientX: 5, clientY: 5 }) as unknown as MouseEvent));
  const key = (type: string) => window.dispatchEvent(trusted(new window.KeyboardEvent(type, { key: 'Alt', altKey: type === 'keydown' }) as unknown as KeyboardEvent) as never);
  return { picker, glass, seen, mouse, key, window };
}

describe('teach mode picker: hold Alt to use the page', () => {
  afterEach(() => vi.restoreAllMocks());

  attack('while Alt is held the page sees the pointer pass, never a press or a click of the agent’s', () => {
    const { picker, glass, seen, mouse, key } = setup();
    mouse('mouseover', false);
    mouse('mousemove', false);
    expect(seen).toEqual([]);
    expect(glass()).toBe('');
    key('keydown');
    expect(glass()).toBe('none');
    mouse('mouseover', true);
    mouse('mousemove', true);
    mouse('mousedown', true);
    mouse('click', true);
    expect(seen).toEqual(['mouseover', 'mousemove']);
    expect(glass()).toBe('none'); // a click while Alt is held does not cover the page again
    key('keyup');
    expect(glass()).toBe('');
    mouse('mousemove', false);
    expect(seen).toEqual(['mouseover', 'mousemove']);
    picker.stop();
  });

  it('stays paused through the pointer events a moving layout makes (their keys may be stale), not through a press without Alt or a lost focus', () => {
    const { picker, glass, seen, mouse, key, window } = setup();
    key('keydown');
    mouse('mouseover', false);
    mouse('mousemove', false);
    expect(glass()).toBe('none');
    expect(seen).toEqual(['mouseover', 'mousemove']);
    mouse('mousedown', false); // Alt was let go in another window
    expect(glass()).toBe('');
    key('keydown');
    window.dispatchEvent(new window.Event('blur'));
    expect(glass()).toBe('');
    picker.stop();
  });
});
