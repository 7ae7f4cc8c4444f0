/**
 * Page-side helpers for adapters: put plain text into a rich (contenteditable) editor the
 * way typing would leave it, and wait for the page to react.
 */

/**
 * Plain text as editor lines: the spaces that HTML would collapse (at a line's ends, or in a
 * run) become no-break spaces, so the text reads back the same.
 */
export const editorLines = (text: string): string[] =>
  text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/^ | $| (?= )/g, '\u00a0'));

/** Editor content as DOM nodes: text nodes and <br>s, never parsed from a string. */
export function editorNodes(doc: Document, text: string): Node[] {
  return editorLines(text).flatMap((line, i) => [...(i ? [doc.createElement('br')] : []), ...(line ? [doc.createTextNode(line)] : [])]);
}

/**
 * Replaces the editor's content with `text` and fires `input`, which is what editors
 * (Summernote, Redactor, the demo helpdesk) listen to before mirroring into their form field.
 */
export function fillEditor(editor: HTMLElement, text: string, nodes = editorNodes(editor.ownerDocument, text)): void {
  editor.replaceChildren(...nodes);
  dispatchInput(editor, 'insertReplacementText');
}

/** Fires `input` as the browser would after an edit, with the page's own constructors. */
export function dispatchInput(target: Element, inputType: string, data?: string): void {
  // An event from another realm is fine to dispatch, but some pages check `instanceof InputEvent`.
  const view = target.ownerDocument.defaultView;
  const InputEventCtor = view?.InputEvent ?? (typeof InputEvent === 'function' ? InputEvent : undefined);
  const event = InputEventCtor
    ? new InputEventCtor('input', { bubbles: true, inputType, ...(data === undefined ? {} : { data }) })
    : new (view?.Event ?? Event)('input', { bubbles: true });
  target.dispatchEvent(event);
}

export interface WaitOptions {
  /** Where to watch for DOM changes; checks also run on a timer (form values are not mutations). */
  root: Node;
  timeoutMs: number;
  intervalMs?: number;
}

/**
 * Resolves with the first truthy value `check` returns, or null after `timeoutMs`.
 * A check that throws counts as "not yet".
 */
export function waitFor<T>(check: () => T | null | undefined | false, options: WaitOptions): Promise<T | null> {
  const attempt = (): T | null => {
    try {
      return check() || null;
    } catch {
      return null;
    }
  };
  const first = attempt();
  if (first !== null) return Promise.resolve(first);
  return new Promise((resolve) => {
    const doc = options.root.ownerDocument ?? (options.root as Document);
    const Observer = doc.defaultView?.MutationObserver ?? globalThis.MutationObserver;
    let settled = false;
    const finish = (value: T | null): void => {
      if (settled) return;
      settled = true;
      observer?.disconnect();
      clearInterval(timer);
      clearTimeout(deadline);
      resolve(value);
    };
    const tick = (): void => {
      const value = attempt();
      if (value !== null) finish(value);
    };
    const observer = Observer ? new Observer(tick) : null;
    observer?.observe(options.root, { subtree: true, childList: true, characterData: true, attributes: true });
    const timer = setInterval(tick, options.intervalMs ?? 100);
    const deadline = setTimeout(() => finish(null), options.timeoutMs);
  });
}
