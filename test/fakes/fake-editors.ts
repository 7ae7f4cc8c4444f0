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

/** Froala (Freshdesk): copies the editor's HTML into the original textarea a while after a change. */
export function fakeFroala(editor: HTMLElement, mirror: HTMLTextAreaElement, delayMs = 300): Mirrored {
  return mirrorLater(editor, mirror, delayMs, (html) => html);
}

/**
 * CKEditor 5 (Zendesk's composer): the text lives in its model, which takes the browser's own
 * edits (it cancels `beforeinput` and applies it), and the DOM is rendered from the model (one
 * paragraph, soft line breaks as <br>, a filler <br> for an empty last line): a change made
 * behind its back is rendered over, and what the form posts is the model's data.
 */
export function fakeCkeditor5(editor: HTMLElement): { data: () => string; clear: () => void } {
  const doc = editor.ownerDocument;
  const view = doc.defaultView!;
  let text = '';
  const size = (node: Node) => (node.nodeType === 3 ? (node as Text).length : (node as Element).hasAttribute('data-cke-filler') ? 0 : 1);
  /** The model offset of a DOM point. */
  const offsetOf = (container: Node, offset: number): number => {
    const p = editor.firstElementChild;
    if (!p || container === editor) return offset === 0 ? 0 : text.length;
    let n = 0;
    for (const [i, child] of [...p.childNodes].entries()) {
      if (container === p && i >= offset) return n;
      if (child === container) return n + offset;
      n += size(child);
    }
    return Math.min(n, text.length);
  };
  const render = (caret: number): void => {
    const p = doc.createElement('p');
    text.split('\n').forEach((line, i) => {
      if (i > 0) p.append(doc.createElement('br'));
      if (line) p.append(doc.createTextNode(line));
    });
    if (text === '' || text.endsWith('\n')) {
      const filler = doc.createElement('br');
      filler.setAttribute('data-cke-filler', 'true');
      p.append(filler);
    }
    editor.replaceChildren(p);
    observer.takeRecords();
    const range = doc.createRange();
    let n = 0;
    range.setStart(p, p.childNodes.length);
    for (const [i, child] of [...p.childNodes].entries()) {
      if (child.nodeType === 3 && caret <= n + size(child)) {
        range.setStart(child, caret - n);
        break;
      }
      if (caret <= n) {
        range.setStart(p, i);
        break;
      }
      n += size(child);
    }
    range.collapse(true);
    doc.getSelection()?.removeAllRanges();
    doc.getSelection()?.addRange(range);
  };
  const observer = new view.MutationObserver(() => render(text.length));
  editor.addEventListener('beforeinput', (e) => {
    const event = e as InputEvent;
    if (event.inputType !== 'insertText' && event.inputType !== 'insertLineBreak') return;
    event.preventDefault();
    const range = doc.getSelection()!.getRangeAt(0);
    const [a, b] = [offsetOf(range.startContainer, range.startOffset), offsetOf(range.endContainer, range.endOffset)];
    const typed = event.inputType === 'insertText' ? (event.data ?? '') : '\n';
    text = text.slice(0, a) + typed + text.slice(b);
    render(a + typed.length);
  });
  render(0);
  observer.observe(editor, { childList: true, subtree: true, characterData: true });
  return {
    data: () => text,
    clear: () => {
      text = '';
      render(0);
    },
  };
}
