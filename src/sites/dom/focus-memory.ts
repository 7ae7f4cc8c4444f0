import { editableOf, frameDocument, isTextField, type Editable } from './editable';

/**
 * The editable field the agent chose in this page, and where its caret was. Clicking Insert in
 * the sidebar does not move the page's focus, but a click elsewhere on the page does: the field
 * and its caret are remembered so the draft still goes where the agent was.
 *
 * Only the agent chooses. A field is chosen by the agent's own pointer (a trusted `pointerdown`
 * on it or on its label) or keys (a trusted `keyup` in it: typing, or Tab landing there). A page
 * can move the focus by script at any moment — from a timer, when the window loses the focus to
 * the sidebar, in its own mousedown handler — but cannot make trusted events, so a field it
 * focused is never taken for the agent's, and the draft cannot be steered into it.
 * Text fields keep their own selection; a rich editor's caret is a Range, saved here.
 */
export interface Remembered {
  editable: Editable;
  /** The caret or selection in a rich editor when it was last seen there. */
  range: Range | null;
}

interface Memory {
  chosen: Remembered | null;
  /** Whether the agent chose any field on this page (a choice that left the page is not forgotten). */
  choseAny: boolean;
}

/**
 * On the isolated world's global, where no page script reaches: Insert runs in the content
 * script's tools part, a bundle of its own with its own copy of this file, and reads what the
 * content script's copy heard. The newest copy of the content script owns it.
 */
const GLOBAL = '__deskmateFocus';
const memory = (): Memory => ((globalThis as Record<string, unknown>)[GLOBAL] ??= { chosen: null, choseAny: false }) as Memory;

const clone = (doc: Document): Range | null => {
  const selection = doc.getSelection();
  return selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
};

/** The rich editor's caret, if it is inside it. */
function caretIn(editable: Editable): Range | null {
  if (editable.kind !== 'rich') return null;
  const range = clone(editable.el.ownerDocument);
  return range && editable.el.contains(range.startContainer) ? range : null;
}

/** The agent chose `el` (or the field its label names), if it is editable. */
function choose(el: Element | null): void {
  const label = el?.closest?.('label') as HTMLLabelElement | null | undefined;
  const editable = editableOf(el) ?? (label?.control && isTextField(label.control) ? editableOf(label.control) : null);
  if (!editable) return;
  const m = memory();
  const same = m.chosen?.editable.el === editable.el;
  m.chosen = { editable, range: caretIn(editable) ?? (same ? m.chosen!.range : null) };
  m.choseAny = true;
}

/** The caret moved inside the chosen rich editor: remember where. */
function follow(el: Element | null): void {
  const m = memory();
  const chosen = m.chosen;
  if (!chosen || chosen.editable.kind !== 'rich' || editableOf(el)?.el !== chosen.editable.el) return;
  m.chosen = { ...chosen, range: caretIn(chosen.editable) ?? chosen.range };
}

/** What the agent's event hit, inside open shadow roots too. */
const hit = (e: Event): Element | null => (e.composedPath?.()[0] ?? e.target) as Element | null;

/**
 * Starts listening in `doc` and in its same-origin iframes (those there now and those that load
 * later: an editor's iframe must be heard from the agent's first click in it). Returns the
 * function that stops it; every listener is removed there.
 */
export function trackFocus(doc: Document): () => void {
  const own: Memory = { chosen: null, choseAny: false };
  (globalThis as Record<string, unknown>)[GLOBAL] = own;
  const watched = new Map<Document, () => void>();
  const watch = (d: Document | null): void => {
    if (!d || watched.has(d)) return;
    const onPointer = (e: Event) => {
      if (e.isTrusted) choose(hit(e));
    };
    const onKey = (e: Event) => {
      if (e.isTrusted) choose(hit(e));
    };
    const onFocus = (e: Event) => {
      watch(frameDocument(e.target as Element));
      follow(e.target as Element);
    };
    const onSelection = () => follow(d.activeElement);
    // A frame that loads (or loads again) has a new document to listen in.
    const onLoad = (e: Event) => watch(frameDocument(e.target as Element));
    d.addEventListener('pointerdown', onPointer, true);
    d.addEventListener('keyup', onKey, true);
    d.addEventListener('focusin', onFocus, true);
    d.addEventListener('selectionchange', onSelection);
    d.addEventListener('load', onLoad, true);
    watched.set(d, () => {
      d.removeEventListener('pointerdown', onPointer, true);
      d.removeEventListener('keyup', onKey, true);
      d.removeEventListener('focusin', onFocus, true);
      d.removeEventListener('selectionchange', onSelection);
      d.removeEventListener('load', onLoad, true);
    });
    for (const frame of d.querySelectorAll('iframe, frame')) watch(frameDocument(frame));
  };
  watch(doc);
  return () => {
    for (const stop of watched.values()) stop();
    watched.clear();
    own.chosen = null;
    own.choseAny = false;
  };
}

/** The field the agent chose, while it is still in its page; null when they chose none, or it is gone. */
export function rememberedEditable(): Remembered | null {
  const m = memory();
  if (m.chosen && !m.chosen.editable.el.isConnected) m.chosen = null;
  return m.chosen;
}

/** Whether the agent chose a field on this page at all (it may be gone since). */
export const choseAField = (): boolean => memory().choseAny;

/** For tests: forget everything. */
export const forgetFocus = (): void => {
  const m = memory();
  m.chosen = null;
  m.choseAny = false;
};
