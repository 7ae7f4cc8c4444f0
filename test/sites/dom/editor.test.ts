import { afterAll, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { elementText } from '../../../src/sites/dom/dom-text';
import { comparableText } from '../../../src/sites/dom/text-compare';
import { fillEditor, waitFor } from '../../../src/sites/dom/editor';

const window = new Window({ url: 'https://helpdesk.example/' });
const doc = window.document as unknown as Document;
afterAll(() => window.happyDOM.close());

/** What an editor holds after fillEditor: text nodes and <br>s, never parsed markup. */
function filled(text: string): HTMLElement {
  const div = doc.createElement('div');
  fillEditor(div, text);
  return div;
}

describe('the text fillEditor puts in', () => {
  it('keeps markup as text and turns newlines into <br>', () => {
    const div = filled('<b>hi</b> & "you"\nnext\r\nlast');
    expect(div.innerHTML).toBe('&lt;b&gt;hi&lt;/b&gt; &amp; "you"<br>next<br>last');
    expect(div.querySelector('b')).toBeNull();
  });

  it('keeps spaces HTML would collapse as no-break spaces', () => {
    expect(filled(' a  b ').innerHTML).toBe('&nbsp;a&nbsp; b&nbsp;');
  });

  it('reads back as the same text', () => {
    const body = 'Hi Anna,\n\n  - item <one>\n3 < 4 && 5 > 2\n\n\nBye';
    expect(comparableText(elementText(filled(body)))).toBe(comparableText(body));
  });
});

describe('fillEditor', () => {
  it('replaces the content and fires a bubbling input event', () => {
    const editor = doc.createElement('div');
    editor.setAttribute('contenteditable', 'true');
    editor.innerHTML = '<p>old draft</p>';
    doc.body.append(editor);
    const seen: string[] = [];
    doc.addEventListener('input', (e) => seen.push(`${e.type}:${(e.target as HTMLElement).innerHTML}`));
    fillEditor(editor, 'new');
    expect(seen).toEqual(['input:new']);
    editor.remove();
  });
});

describe('waitFor', () => {
  it('resolves at once when the check already holds', async () => {
    expect(await waitFor(() => 'ready', { root: doc.body, timeoutMs: 10 })).toBe('ready');
  });

  it('resolves when the DOM changes so that the check holds', async () => {
    const found = waitFor(() => doc.querySelector('.late')?.textContent, { root: doc.body, timeoutMs: 2_000, intervalMs: 10_000 });
    setTimeout(() => doc.body.insertAdjacentHTML('beforeend', '<p class="late">here</p>'), 20);
    expect(await found).toBe('here');
  });

  it('polls too, for changes that are not mutations (form values)', async () => {
    const input = doc.createElement('textarea');
    doc.body.append(input);
    const found = waitFor(() => input.value === 'x', { root: input, timeoutMs: 2_000, intervalMs: 10 });
    setTimeout(() => (input.value = 'x'), 20);
    expect(await found).toBe(true);
  });

  it('gives null after the timeout, and treats a throwing check as not yet', async () => {
    expect(
      await waitFor(() => {
        throw new Error('not yet');
      }, { root: doc.body, timeoutMs: 50, intervalMs: 10 }),
    ).toBeNull();
  });
});
