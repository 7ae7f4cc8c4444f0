import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Window } from 'happy-dom';
import { forgetFocus, trackFocus } from '../../../src/sites/dom/focus-memory';
import { insertTarget, insertText, NO_FOCUS, targetIn } from '../../../src/sites/dom/insert';
import generic from '../../../src/sites/adapters/generic';

/**
 * Insert like a paste, where the agent was. happy-dom has no execCommand, so these cover the
 * by-hand path; the browsers' own edit command is covered by the E2E tests.
 */
const window = new Window({ url: 'https://helpdesk.example/tickets/7' });
const doc = window.document as unknown as Document;
afterAll(() => window.happyDOM.close());

let stop: () => void;
beforeEach(() => {
  doc.body.replaceChildren();
  stop = trackFocus(doc);
});
afterEach(() => {
  stop();
  forgetFocus();
});

const add = <T extends HTMLElement>(html: string): T => {
  const holder = doc.createElement('div');
  holder.innerHTML = html;
  const el = holder.firstElementChild as T;
  doc.body.append(el);
  return el;
};
const fill = (body: string) => generic.tools['reply.fill']!({ body }, doc, doc.location);
/** The agent's own click: a trusted pointerdown on the field, then the focus it gives. */
const click = (el: HTMLElement) => {
  const down = new window.Event('pointerdown', { bubbles: true, composed: true });
  Object.defineProperty(down, 'isTrusted', { value: true });
  el.dispatchEvent(down as unknown as Event);
  el.focus();
};

describe('insert into a text field', () => {
  it('goes in at the caret and keeps what the agent typed', async () => {
    const box = add<HTMLTextAreaElement>('<textarea>Hi Anna,\n\nBest, Bo</textarea>');
    click(box);
    box.setSelectionRange(10, 10);
    expect(await fill('Your refund is on its way.\n')).toEqual({ ok: true, data: { filled: true } });
    expect(box.value).toBe('Hi Anna,\n\nYour refund is on its way.\nBest, Bo');
  });

  it('replaces only the selection the agent made', async () => {
    const box = add<HTMLTextAreaElement>('<textarea>Hi Anna, [answer] Bo</textarea>');
    click(box);
    box.setSelectionRange(9, 17);
    await fill('It shipped.');
    expect(box.value).toBe('Hi Anna, It shipped. Bo');
  });

  it('fires input so the page sees the change', async () => {
    const box = add<HTMLTextAreaElement>('<textarea></textarea>');
    const seen: string[] = [];
    box.addEventListener('input', (e) => seen.push((e as InputEvent).inputType));
    click(box);
    await fill('Hello');
    expect(seen).toEqual(['insertFromPaste']);
  });

  it('puts lines on one line in a one-line input, and never writes a password field', async () => {
    const input = add<HTMLInputElement>('<input type="text">');
    click(input);
    await fill('a\nb');
    expect(input.value).toBe('a b');
    click(add<HTMLInputElement>('<input type="password">'));
    expect(await fill('secret')).toMatchObject({ ok: true });
    expect(input.value).toBe('a bsecret'); // the text input was the last field focused
  });

  it('uses the field last focused after the focus left it', async () => {
    const box = add<HTMLTextAreaElement>('<textarea>Dear</textarea>');
    add<HTMLTextAreaElement>('<textarea>other</textarea>');
    click(box);
    box.setSelectionRange(4, 4);
    box.blur();
    await fill(' Anna');
    expect(box.value).toBe('Dear Anna');
  });
});

describe('insert into a rich editor', () => {
  it('goes in at the caret the agent left, as text, never as markup', async () => {
    const editor = add<HTMLElement>('<div contenteditable="true">Hi Anna,<br>Bo</div>');
    click(editor);
    const range = doc.createRange();
    range.setStart(editor.firstChild!, 8);
    range.collapse(true);
    doc.getSelection()!.removeAllRanges();
    doc.getSelection()!.addRange(range);
    doc.dispatchEvent(new window.Event('selectionchange') as unknown as Event);
    await fill(' <b>ok</b>');
    expect(editor.innerHTML.replace(/&nbsp;/g, ' ')).toBe('Hi Anna, &lt;b&gt;ok&lt;/b&gt;<br>Bo');
  });

  it('an adapter’s reply box without a caret gets the text at its end, keeping what is there', () => {
    const editor = add<HTMLElement>('<div contenteditable="true">Typed first.</div>');
    expect(insertText(targetIn(editor), ' Then inserted.')).toBeNull();
    expect(editor.textContent?.replace(/\u00a0/g, ' ')).toBe('Typed first. Then inserted.');
  });
});

describe('where nothing was focused', () => {
  it('asks for a click in the reply box rather than guess between boxes', async () => {
    add('<textarea></textarea>');
    add('<div contenteditable="true"></div>');
    expect(insertTarget(doc)).toBe(NO_FOCUS);
    expect(await fill('Hello')).toMatchObject({ ok: false, code: 'no_focus', error: NO_FOCUS });
  });

  it('refuses an empty reply', async () => {
    click(add<HTMLTextAreaElement>('<textarea></textarea>'));
    expect(await fill('  ')).toMatchObject({ ok: false, code: 'invalid_input' });
  });
});
