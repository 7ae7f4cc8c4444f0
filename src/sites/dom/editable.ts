/**
 * Which elements of a page take typed text, seen through same-origin iframes: textareas, text
 * inputs, contenteditable hosts, and the body of an iframe editor (CKEditor 4, TinyMCE
 * classic: designMode or a contenteditable body, mirrored into a hidden textarea on submit).
 * Works on nodes of any realm (page, iframe, happy-dom), so it checks names, never instanceof.
 */

export type TextField = HTMLTextAreaElement | HTMLInputElement;

/** Input types that hold one line of free text; a password field is never written. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'url', 'tel', '']);

export const isTextField = (el: Element | null | undefined): el is TextField => {
  if (!el) return false;
  const name = el.localName;
  if (name === 'textarea') return !(el as HTMLTextAreaElement).disabled && !(el as HTMLTextAreaElement).readOnly;
  if (name !== 'input') return false;
  const input = el as HTMLInputElement;
  return TEXT_INPUTS.has((input.getAttribute('type') ?? '').toLowerCase()) && !input.disabled && !input.readOnly;
};

/** The element whose content is edited when `el` has the focus, or null. */
export function editingHost(el: Element | null | undefined): HTMLElement | null {
  if (!el) return null;
  const doc = el.ownerDocument;
  if (doc.designMode === 'on') return doc.body;
  const html = el as HTMLElement;
  if (!html.isContentEditable) return null;
  let host = html;
  while (host.parentElement?.isContentEditable) host = host.parentElement;
  return host;
}

/** A place to insert into: a text field or an editing host (maybe in a same-origin iframe). */
export type Editable = { kind: 'field'; el: TextField } | { kind: 'rich'; el: HTMLElement };

export function editableOf(el: Element | null | undefined): Editable | null {
  if (isTextField(el)) return { kind: 'field', el };
  const host = editingHost(el);
  return host ? { kind: 'rich', el: host } : null;
}

/** The document inside a same-origin iframe, or null (cross-origin, or not loaded). */
export function frameDocument(el: Element | null | undefined): Document | null {
  if (!el || (el.localName !== 'iframe' && el.localName !== 'frame')) return null;
  try {
    return (el as HTMLIFrameElement).contentDocument ?? null;
  } catch {
    return null;
  }
}

/** The focused element, followed into same-origin iframes. */
export function deepActiveElement(doc: Document): Element | null {
  let active: Element | null = doc.activeElement;
  for (let depth = 0; depth < 5; depth++) {
    const inner = frameDocument(active);
    if (!inner) break;
    active = inner.activeElement;
  }
  return active;
}

/** Shown on screen: laid out, not hidden, and (in an iframe) its frame shown too. */
export function isVisible(el: Element): boolean {
  if (el.closest('[hidden]') || el.getClientRects().length === 0) return false;
  const frame = el.ownerDocument.defaultView?.frameElement;
  return frame ? isVisible(frame) : true;
}

/** Every visible multi-line editor of the page: textareas, rich editors, iframe editors. */
export function visibleEditors(doc: Document, depth = 0): Editable[] {
  const found: Editable[] = [];
  for (const el of doc.querySelectorAll('textarea, [contenteditable]:not([contenteditable="false"]), iframe')) {
    const inner = frameDocument(el);
    if (inner) {
      if (depth < 3 && inner.body && isVisible(el)) {
        const host = editingHost(inner.body);
        found.push(...(host ? [{ kind: 'rich', el: host } as Editable] : visibleEditors(inner, depth + 1)));
      }
      continue;
    }
    const editable = editableOf(el);
    // A nested contenteditable belongs to the host already counted.
    if (editable && editable.el === el && isVisible(el)) found.push(editable);
  }
  return found;
}
