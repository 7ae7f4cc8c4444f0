/**
 * Stand-ins for the rich editors of real helpdesks, whose scripts do not run on a fixture:
 * each mirrors its contenteditable into the hidden form field a while after a change, the way
 * the real one does. Until the mirror has caught up, the form carries the old (empty) value,
 * so a post made too early posts nothing.
 */

interface Mirrored {
  /** Changes seen so far (each restarts the delay). */
  changes: () => number;
  stop: () => void;
}

function mirrorLater(editor: HTMLElement, mirror: HTMLTextAreaElement, delayMs: number, format: (html: string) => string): Mirrored {
  const view = editor.ownerDocument.defaultView!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changes = 0;
  const sync = () => {
    changes++;
    clearTimeout(timer);
    timer = setTimeout(() => (mirror.value = format(editor.innerHTML)), delayMs);
  };
  const observer = new view.MutationObserver(sync);
  observer.observe(editor, { childList: true, subtree: true, characterData: true });
  return {
    changes: () => changes,
    stop: () => {
      observer.disconnect();
      clearTimeout(timer);
    },
  };
}

/** Redactor 3: a MutationObserver on the editor, synced 200 ms later through its cleaner. */
export function fakeRedactor(editor: HTMLElement, mirror: HTMLTextAreaElement, delayMs = 200): Mirrored {
  // The cleaner's output is not the editor's HTML: a paragraph around the lines, say.
  return mirrorLater(editor, mirror, delayMs, (html) => (html === '' ? '' : `<p>${html}</p>`));
}

/** Summernote: an `input` event, debounced 100 ms, copies the editor's HTML as it is. */
export function fakeSummernote(editor: HTMLElement, mirror: HTMLTextAreaElement, delayMs = 100): Mirrored {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let changes = 0;
  const onInput = () => {
    changes++;
    clearTimeout(timer);
    timer = setTimeout(() => (mirror.value = editor.innerHTML), delayMs);
  };
  editor.addEventListener('input', onInput);
  return {
    changes: () => changes,
    stop: () => {
      editor.removeEventListener('input', onInput);
      clearTimeout(timer);
    },
  };
}
