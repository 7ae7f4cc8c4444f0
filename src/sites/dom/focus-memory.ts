import { deepActiveElement, editableOf, frameDocument, type Editable } from './editable';

/**
 * The editable field the agent last focused in this page, and where its caret was. Clicking
 * Insert in the sidebar does not move the page's focus, but a click elsewhere on the page
 * does: the field and its caret are remembered so the draft still goes where the agent was.
 * Text fields keep their own selection; a rich editor's caret is a Range, saved here.
 */
export interface Remembered {
  editable: Editable;
  /** The caret or selection in a rich editor when it was last seen there. */
  range: Range | null;
}

let last: Remembered | null = null;

const clone = (doc: Document): Range | null => {
  const selection = doc.getSelection();
  return selection && selection.rangeCount > 0 ? selection.getRangeAt(0).cloneRange() : null;
};

/** Notes `el` if it is editable, with its caret when it is a rich editor. */
function note(el: Element | null): void {
  const editable = editableOf(el);
  if (!editable) return;
  const range = editable.kind === 'rich' ? clone(editable.el.ownerDocument) : null;
  const inside = range && editable.el.contains(range.startContainer) ? range : null;
  last = { editable, range: inside ?? (last?.editable.el === editable.el ? last.range : null) };
}

/**
 * Starts remembering in `doc` and in its same-origin iframes as focus enters them. Returns the
 * function that stops it; every listener is removed there.
 */
export function trackFocus(doc: Document): () => void {
  const watched = new Map<Document, () => void>();
  const watch = (d: Document): void => {
    if (watched.has(d)) return;
    const onFocus = (e: Event) => {
      const inner = frameDocument(e.target as Element);
      if (inner) watch(inner);
      note(e.target as Element);
    };
    // Only rich editors: a text field keeps its own selection.
    const onSelection = () => {
      if (editableOf(d.activeElement)?.kind === 'rich') note(d.activeElement);
    };
    d.addEventListener('focusin', onFocus, true);
    d.addEventListener('selectionchange', onSelection);
    watched.set(d, () => {
      d.removeEventListener('focusin', onFocus, true);
      d.removeEventListener('selectionchange', onSelection);
    });
  };
  // Focus moving into an iframe blurs this window: follow it there.
  const view = doc.defaultView;
  const onBlur = () =>
    setTimeout(() => {
      const inner = frameDocument(doc.activeElement);
      if (!inner) return;
      watch(inner);
      note(deepActiveElement(doc));
    }, 0);
  view?.addEventListener('blur', onBlur);
  watch(doc);
  note(deepActiveElement(doc));
  return () => {
    view?.removeEventListener('blur', onBlur);
    for (const stop of watched.values()) stop();
    watched.clear();
    last = null;
  };
}

/** The last focused editable that is still in its page, or null. */
export function rememberedEditable(): Remembered | null {
  if (last && !last.editable.el.isConnected) last = null;
  return last;
}

/** For tests: forget everything. */
export const forgetFocus = (): void => {
  last = null;
};
