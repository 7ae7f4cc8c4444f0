/**
 * The browser's own edit commands, which happy-dom lacks: `execCommand('insertText')` and
 * `('insertLineBreak')` in a contenteditable, as Chromium and Firefox run them. A cancelable
 * `beforeinput` goes to the editing host first (editors with a model of their own, such as
 * CKEditor 5, cancel it and apply the edit themselves); if no one cancels, the selection's
 * content is replaced and `input` follows.
 */
type Win = Window & typeof globalThis;

export function installEditCommands(doc: Document): void {
  const win = doc.defaultView as Win;
  (doc as { execCommand: Document['execCommand'] }).execCommand = (command: string, _ui?: boolean, value?: string): boolean => {
    if (command !== 'insertText' && command !== 'insertLineBreak') return false;
    const selection = doc.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    const host = range && editingHost(range.startContainer);
    if (!range || !host) return false;
    const inputType = command;
    const data = command === 'insertText' ? (value ?? '') : null;
    const before = new win.InputEvent('beforeinput', { bubbles: true, cancelable: true, inputType, data });
    if (!host.dispatchEvent(before)) return true;
    range.deleteContents();
    const node = command === 'insertText' ? doc.createTextNode(data ?? '') : doc.createElement('br');
    range.insertNode(node);
    range.setStartAfter(node);
    range.collapse(true);
    selection!.removeAllRanges();
    selection!.addRange(range);
    host.dispatchEvent(new win.InputEvent('input', { bubbles: true, inputType, data }));
    return true;
  };
}

function editingHost(node: Node): HTMLElement | null {
  const el = node.nodeType === 1 ? (node as HTMLElement) : node.parentElement;
  let host: HTMLElement | null = null;
  for (let at = el; at; at = at.parentElement) {
    const value = at.getAttribute('contenteditable');
    if (value === 'false') break;
    if (value !== null) host = at;
  }
  return host;
}
