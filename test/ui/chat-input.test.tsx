// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatInput } from '../../src/ui/chat/ChatInput';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';
import { typed } from '../../src/ui/typed';
import type { UnsentField } from '../../src/shared/typed';

let root: HTMLElement;
let sent: string[];

beforeEach(() => {
  installI18n();
  root = freshRoot();
  sent = [];
  act(() => render(chatInput({ kind: 'question', key: 'chat:1:http://a.test 7' }), root));
});
afterEach(() => {
  dropRoot(root);
  vi.restoreAllMocks();
});

type Held = { key: string; seq: number };
/** The box as the sidebar draws it for `field`, asking into `sent`. */
const chatInput = (field: UnsentField | null, more: { waiting?: boolean; held?: Held } = {}) => (
  <ChatInput field={field} {...more} running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />
);
const box = () => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
const sendButton = () => root.querySelector<HTMLButtonElement>('[data-testid="chat-send"]')!;
/** The agent types `text` (the whole box) in it. */
const typeIn = (text: string) => {
  box().value = text;
  act(() => void box().dispatchEvent(new Event('input')));
};

describe('the message box', () => {
  it('grows with what is typed, and on Send empties back to its rows without measuring the sidebar', () => {
    const box = root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    const measured = vi.spyOn(box, 'scrollHeight', 'get').mockReturnValue(120);
    box.value = 'line one\nline two\nline three\nline four';
    act(() => void box.dispatchEvent(new Event('input')));
    expect(box.style.height).toBe('120px');
    measured.mockClear();
    act(() => void sendButton().click());
    expect(sent).toEqual(['line one\nline two\nline three\nline four']);
    expect(box.value).toBe('');
    expect(box.style.height).toBe('');
    // Reading scrollHeight forces a layout of the whole sidebar: not on the way to a turn.
    expect(measured).not.toHaveBeenCalled();
  });

  it('keeps what is typed before the conversation is known, as that conversation’s question', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 8' };
    act(() => render(chatInput(null), root));
    typeIn('Which plan');
    act(() => render(chatInput(field), root));
    expect(box().value).toBe('Which plan');
    expect(typed.pending(field)).toBe('Which plan');
  });

  it('holds a question asked before the conversation is known in the box, and asks it once the conversation is known', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 9' };
    act(() => render(chatInput(null), root));
    typeIn('Draft a reply');
    act(() => void box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true })));
    expect(sent).toEqual([]);
    expect(box().value).toBe('Draft a reply');
    act(() => render(chatInput(field), root));
    expect(sent).toEqual(['Draft a reply']);
    expect(box().value).toBe('');
    expect(typed.pending(field)).toBe('');
  });

  it('holds a question asked while the tab’s next page loads, and asks it if that page is the same conversation', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 10' };
    act(() => render(chatInput(field, { waiting: true }), root));
    typeIn('Draft a reply');
    act(() => void sendButton().click());
    expect(sent).toEqual([]);
    expect(sendButton().disabled).toBe(true);
    expect(box().value).toBe('Draft a reply');
    act(() => render(chatInput(field, { waiting: false }), root));
    expect(sent).toEqual(['Draft a reply']);
    expect(sendButton().disabled).toBe(false);
  });

  it('keeps a question asked while the next page loads in its own conversation’s box when that page is another ticket, and says so', () => {
    const on10: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 10' };
    const on11: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 11' };
    act(() => render(chatInput(on10, { waiting: true }), root));
    typeIn('Refund approved');
    act(() => void box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true })));
    act(() => render(chatInput(on11, { waiting: false }), root));
    expect(sent).toEqual([]);
    expect(typed.pending(on10)).toBe('Refund approved');
    expect(root.querySelector('[data-testid="chat-left-behind"]')).not.toBeNull();
  });

  it('waits for the next page with a question the background gave back while that page loaded, then asks it there', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 12' };
    act(() => render(chatInput(field, { waiting: false }), root));
    // Back in the box (the sidebar's keeper), refused while the page loads.
    act(() => typed.type(field, 'Which plan?'));
    act(() => render(chatInput(field, { waiting: true, held: { key: field.key, seq: 1 } }), root));
    expect(sent).toEqual([]);
    expect(box().value).toBe('Which plan?');
    expect(sendButton().getAttribute('aria-busy')).toBe('true');
    act(() => render(chatInput(field, { waiting: false, held: { key: field.key, seq: 1 } }), root));
    expect(sent).toEqual(['Which plan?']);
  });

  it('says so when a question given back while the next page loaded belongs to a ticket the sidebar no longer shows', () => {
    const on13: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 13' };
    act(() => render(chatInput(on13, { held: { key: 'chat:1:http://a.test 12', seq: 1 } }), root));
    expect(sent).toEqual([]);
    expect(root.querySelector('[data-testid="chat-left-behind"]')).not.toBeNull();
    expect(sendButton().disabled).toBe(false);
  });

  it('does not ask what the box holds when it is shown again after a question given back earlier (the Page tab and back)', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 14' };
    act(() => typed.type(field, 'Not meant to go yet'));
    // A box made anew, as the Chat tab makes it when the agent comes back to it.
    act(() => render(null, root));
    act(() => render(chatInput(field, { held: { key: field.key, seq: 3 } }), root));
    expect(sent).toEqual([]);
    expect(sendButton().disabled).toBe(false);
    expect(root.querySelector('[data-testid="chat-left-behind"]')).toBeNull();
  });

  it('offers Ask again when a waiting question was emptied from the box before the page came back', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 15' };
    act(() => render(chatInput(field, { waiting: true }), root));
    typeIn('Which plan?');
    act(() => void sendButton().click());
    expect(sendButton().disabled).toBe(true);
    typeIn('');
    act(() => render(chatInput(field, { waiting: false }), root));
    expect(sent).toEqual([]);
    expect(sendButton().disabled).toBe(false);
  });
});
