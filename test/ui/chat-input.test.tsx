// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChatInput } from '../../src/ui/chat/ChatInput';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
let sent: string[];

beforeEach(() => {
  installI18n();
  root = freshRoot();
  sent = [];
  act(() => render(<ChatInput running={false} placeholder="Ask" onSend={(text) => sent.push(text)} onStop={() => undefined} />, root));
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
});
