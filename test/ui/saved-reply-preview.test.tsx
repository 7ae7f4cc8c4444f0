// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SavedReplyPreview } from '../../src/ui/chat/SavedReplyPreview';
import type { SavedReplyPreviewState } from '../../src/ui/hooks/useSavedReplyRun';
import { installI18n } from '../fakes/i18n';
import { dropRoot, freshRoot } from './root';

let root: HTMLElement;
const preview = (id: string, text: string | null): SavedReplyPreviewState => ({ id, title: id, text, error: null, result: null });
// Rendered as the sidebar does, with no act(): what the box shows right after a render, before
// any effect has run, is what the agent (or a test) can read in that frame.
const show = (p: SavedReplyPreviewState) => render(<SavedReplyPreview preview={p} busy={false} blocked={null} onInsert={() => undefined} onClose={() => undefined} />, root);
const box = () => root.querySelector<HTMLTextAreaElement>('[data-testid="saved-reply-body"]');

beforeEach(() => {
  installI18n();
  root = freshRoot();
});
afterEach(() => dropRoot(root));

describe('a saved reply to check before Insert', () => {
  it('shows the filled text in the same render it arrives in, never an empty or an earlier box', () => {
    show(preview('thanks', 'Hi Maria, thanks.'));
    expect(box()!.value).toBe('Hi Maria, thanks.');
    show(preview('refund-now', null)); // chosen, being filled from the ticket
    expect(box()).toBeNull();
    show(preview('refund-now', 'Hi Maria, your refund is approved.'));
    expect(box()!.value).toBe('Hi Maria, your refund is approved.');
  });

  it("keeps the agent's edit for that reply, and starts from the text of the next one chosen", () => {
    act(() => show(preview('thanks', 'Hi Maria, thanks.')));
    const el = box()!;
    el.value = 'Hi Maria, thanks a lot.';
    act(() => void el.dispatchEvent(new Event('input', { bubbles: true })));
    act(() => show(preview('thanks', 'Hi Maria, thanks.')));
    expect(box()!.value).toBe('Hi Maria, thanks a lot.');
    act(() => show(preview('refund-now', 'Hi Maria, your refund is approved.')));
    expect(box()!.value).toBe('Hi Maria, your refund is approved.');
  });
});
