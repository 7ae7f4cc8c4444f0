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
  act(() => render(<ChatInput field={{ kind: 'question', key: 'chat:1:http://a.test 7' }} running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />, root));
});
afterEach(() => {
  dropRoot(root);
  vi.restoreAllMocks();
});

describe('the message box', () => {
  it('grows with what is typed, and on Send empties back to its rows without measuring the sidebar', () => {
    const box = root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    const measured = vi.spyOn(box, 'scrollHeight', 'get').mockReturnValue(120);
    box.value = 'line one\nline two\nline three\nline four';
    act(() => void box.dispatchEvent(new Event('input')));
    expect(box.style.height).toBe('120px');
    measured.mockClear();
    act(() => void root.querySelector<HTMLButtonElement>('[data-testid="chat-send"]')!.click());
    expect(sent).toEqual(['line one\nline two\nline three\nline four']);
    expect(box.value).toBe('');
    expect(box.style.height).toBe('');
    // Reading scrollHeight forces a layout of the whole sidebar: not on the way to a turn.
    expect(measured).not.toHaveBeenCalled();
  });

  it('keeps what is typed before the conversation is known, as that conversation’s question', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 8' };
    const box = () => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    act(() => render(<ChatInput field={null} running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />, root));
    box().value = 'Which plan';
    act(() => void box().dispatchEvent(new Event('input')));
    act(() => render(<ChatInput field={field} running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />, root));
    expect(box().value).toBe('Which plan');
    expect(typed.pending(field)).toBe('Which plan');
  });

  it('holds a question asked before the conversation is known in the box, and asks it once the conversation is known', () => {
    const field: UnsentField = { kind: 'question', key: 'chat:1:http://a.test 9' };
    const box = () => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]')!;
    const input = (f: UnsentField | null) => <ChatInput field={f} running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />;
    act(() => render(input(null), root));
    box().value = 'Draft a reply';
    act(() => void box().dispatchEvent(new Event('input')));
    act(() => void box().dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', cancelable: true })));
    expect(sent).toEqual([]);
    expect(box().value).toBe('Draft a reply');
    act(() => render(input(field), root));
    expect(sent).toEqual(['Draft a reply']);
    expect(box().value).toBe('');
    expect(typed.pending(field)).toBe('');
  });
});
