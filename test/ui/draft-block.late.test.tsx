// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { draftsOf } from '../fakes/draft-model';
import { SIDEBAR, startSidebarBackground, until } from '../fakes/sidebar-background';
import { sidebarRoot, dropRoot } from './root';

// The draft's chunk and the confirm card's arrive when the test says so, as from a slow disk.
const chunks = vi.hoisted(() => {
  const held = () => {
    let arrive = () => undefined as void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    return { arrived, arrive: () => arrive() };
  };
  return { draft: held(), card: held() };
});
vi.mock('../../src/ui/chat/DraftBlock', async (original) => {
  await chunks.draft.arrived;
  return original();
});
vi.mock('../../src/ui/sidebar/ConfirmCardWired', async (original) => {
  await chunks.card.arrived;
  return original();
});
const { App } = await import('../../src/ui/sidebar/App');

let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
const settle = () => act(() => new Promise((r) => setTimeout(r, 300)));

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => dropRoot(root));

describe('a draft and its confirm card whose chunks come late', () => {
  it('shows the card of a reopened conversation only under its draft, once the draft has come, and it sends exactly that', async () => {
    const bg = await startSidebarBackground();
    await bg.announce(1, '#7');
    const { callId } = await draftsOf(bg.chat).draft(1, 'Your refund is on its way.');
    const prepared = await bg.handlers['tool.invoke']({ type: 'tool.invoke', tabId: 1, tool: 'reply.send', input: { body: 'Your refund is on its way.' }, draft: callId }, SIDEBAR);
    expect(prepared.confirmation).toBeDefined();

    await act(() => render(<App />, root));
    // The conversation is there (the agent can go on asking); the draft's place waits for its chunk,
    // and its card is not shown on its own meanwhile, above where the draft will come.
    await until(() => root.querySelectorAll('[data-testid="user-message"]').length === 1 && $('chat-input'), 'the conversation');
    await settle();
    expect($('draft-card')).toBeNull();
    expect($('confirm-card')).toBeNull();

    // The card's chunk first: still nothing, as the card belongs under a draft not yet shown.
    chunks.card.arrive();
    await settle();
    expect($('draft-card')).toBeNull();
    expect($('confirm-card')).toBeNull();

    // The draft's chunk: the draft and its card at once, the card under it.
    chunks.draft.arrive();
    const card = await until(() => $('draft-card') && $('confirm-card'), 'the draft with its card');
    expect($('draft-card')!.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect($('confirm-body')!.textContent).toBe('Your refund is on its way.');
    const accept = await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false && $('confirm-accept'), 'Confirm offered');
    accept.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual(['Your refund is on its way.']);
  });
});
