import { editableOf, isVisible, visibleEditors, type TextField } from './editable';
import { dispatchInput, editorLines, editorNodes } from './editor';
import { choseAField, rememberedEditable, type Remembered } from './focus-memory';

/**
 * "Insert into reply box" as a paste would do it: at the caret of the field the agent last
 * focused, replacing only a selection the agent made, with the browser's own edit command
 * where it takes it (so `input` fires and the editor's undo has the step), else by hand with
 * an `input` event. Never replaces what the agent typed without a selection.
 */

export const NO_FOCUS = 'Click in the reply box first, then insert again.';
export const FIELD_GONE = 'The field you clicked in is no longer on the page: click in the reply box, then insert again.';

/**
 * Where the draft goes: the field the agent chose with their own click or keys (focus-memory.ts),
 * never one the page focused by script; when the agent chose none, the only editor shown. A
 * chosen field that left the page (or is hidden) is not replaced by a guess: the agent clicks again.
 */
export function insertTarget(doc: Document): Remembered | string {
  const chosen = rememberedEditable();
  if (chosen) return isVisible(chosen.editable.el) ? chosen : FIELD_GONE;
  if (choseAField()) return FIELD_GONE;
  const editors = visibleEditors(doc);
  return editors.length === 1 ? { editable: editors[0]!, range: null } : NO_FOCUS;
}

/** `editor` (an adapter's reply box) with the caret the agent left in it, if any. */
export function targetIn(editor: HTMLElement): Remembered {
  const remembered = rememberedEditable();
  const inside = remembered && (editor === remembered.editable.el || editor.contains(remembered.editable.el));
  if (inside) return remembered;
  return { editable: editableOf(editor) ?? { kind: 'rich', el: editor }, range: null };
}

/** Inserts `text`; null when the box holds it, else why not. */
export function insertText(target: Remembered, text: string): string | null {
  const { editable } = target;
  return editable.kind === 'field' ? insertIntoField(editable.el, text) : insertIntoRich(editable.el, text, target.range);
}

/** The browser's own insert: fires beforeinput/input and joins the undo history. */
function execInsert(doc: Document, text: string): boolean {
  try {
    return doc.execCommand('insertText', false, text);
  } catch {
    return false;
  }
}

function insertIntoField(field: TextField, text: string): string | null {
  const value = field.value;
  const start = field.selectionStart ?? value.length;
  const end = field.selectionEnd ?? start;
  // A one-line input would drop the line breaks; spaces keep the words apart.
  const typed = field.localName === 'input' ? text.replace(/\s*[\r\n]+\s*/g, ' ') : text.replace(/\r\n?/g, '\n');
  const expected = value.slice(0, start) + typed + value.slice(end);
  field.focus({ preventScroll: true });
  field.setSelectionRange(start, end);
  if (!execInsert(field.ownerDocument, typed) || field.value === value) {
    field.setRangeText(typed, start, end, 'end');
    dispatchInput(field, 'insertFromPaste', typed);
  }
  return field.value === expected ? null : 'The reply box did not take the whole text (it may have a length limit).';
}

/**
 * Replaces all of a rich editor's content with `text`, as a paste over a select-all would:
 * editors that keep their own model (CKEditor 5, ProseMirror) take the browser's edit and
 * ignore content set behind their back.
 */
export function replaceRichText(host: HTMLElement, text: string): void {
  const doc = host.ownerDocument;
  const selectAll = () => {
    const range = doc.createRange();
    range.selectNodeContents(host);
    const selection = doc.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(range);
    return range;
  };
  host.focus({ preventScroll: true });
  selectAll();
  if (typeLines(doc, text)) return;
  insertIntoRich(host, text, selectAll());
}

/**
 * Types `text` at the selection line by line with line breaks, as Shift+Enter would: a
 * multi-line insertText makes a paragraph of every line in Chromium (Redactor's <p>s in
 * osTicket), which the helpdesk shows double-spaced. False when the browser took none of it.
 */
function typeLines(doc: Document, text: string): boolean {
  if (!lineBreaks(doc)) return false;
  return editorLines(text).every((line, i) => (i === 0 || execCommand(doc, 'insertLineBreak')) && (!line || execCommand(doc, 'insertText', line)));
}

/** Whether the browser types a line break by command (else a multi-line insertText is all there is). */
function lineBreaks(doc: Document): boolean {
  try {
    return doc.queryCommandSupported('insertLineBreak');
  } catch {
    return false;
  }
}

function execCommand(doc: Document, command: string, value?: string): boolean {
  try {
    return doc.execCommand(command, false, value);
  } catch {
    return false;
  }
}

const within = (host: HTMLElement, range: Range | null | undefined): range is Range =>
  !!range && host.contains(range.startContainer) && host.contains(range.endContainer);

/** Elements a caret cannot go into. */
const ATOMS = new Set(['br', 'img', 'hr', 'input', 'textarea', 'select', 'iframe', 'video', 'audio', 'object', 'embed', 'svg']);

/**
 * The end of the host's text, where a click after its last line puts the caret: inside its
 * last block and before a trailing <br> (an empty paragraph's filler), not after the blocks,
 * where a browser makes a new line of its own (Firefox: the empty line of CKEditor 5's
 * `<p><br></p>` then leads the reply).
 */
function endOf(host: HTMLElement): Range {
  const range = host.ownerDocument.createRange();
  let container: Node = host;
  for (;;) {
    let last: Node | null = container.lastChild;
    // Markup's line breaks between blocks are no place for a caret.
    while (last?.nodeType === 3 && !/[^ \t\n\r]/.test((last as Text).data)) last = last.previousSibling;
    if (last?.nodeType === 3) {
      range.setStart(last, (last as Text).length);
    } else if (last?.nodeType === 1 && (last as Element).localName === 'br') {
      range.setStartBefore(last);
    } else if (last?.nodeType === 1 && !ATOMS.has((last as Element).localName) && (last as HTMLElement).isContentEditable !== false) {
      container = last;
      continue;
    } else {
      range.selectNodeContents(container);
      range.collapse(false);
    }
    return range;
  }
}

function insertIntoRich(host: HTMLElement, text: string, saved: Range | null): string | null {
  const doc = host.ownerDocument;
  const selection = doc.getSelection();
  const live = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  const range = (within(host, live) ? live : within(host, saved) ? saved : endOf(host)).cloneRange();
  host.focus({ preventScroll: true });
  selection?.removeAllRanges();
  selection?.addRange(range);
  const before = host.textContent;
  const replacing = !range.collapsed;
  const typed = /[\r\n]/.test(text) && lineBreaks(doc) ? typeLines(doc, text) : execInsert(doc, text);
  if (typed && (host.textContent !== before || replacing)) return null;
  // By hand: text nodes and <br>s, never markup parsed from the text.
  range.deleteContents();
  const nodes = editorNodes(doc, text);
  const fragment = doc.createDocumentFragment();
  fragment.append(...nodes);
  range.insertNode(fragment);
  const lastNode = nodes.at(-1);
  if (lastNode) range.setStartAfter(lastNode);
  range.collapse(true);
  selection?.removeAllRanges();
  selection?.addRange(range);
  dispatchInput(host, 'insertFromPaste', text);
  return null;
}
