// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROPOSE } from '../fakes/draft-model';
import { startSidebarBackground, until } from '../fakes/sidebar-background';
import { sidebarRoot, dropRoot } from './root';

// The confirm card's chunk (the card and what its buttons do) arrives when the test says so.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../src/ui/sidebar/ConfirmCardWired', async (original) => {
  await chunk.arrived;
  return original();
});
const { App } = await import('../../src/ui/sidebar/App');

let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);

beforeEach(() => {
  root = sidebarRoot();
});
afterEach(() => dropRoot(root));

describe('a confirm card whose chunk comes late', () => {
  it('shows the card a Send… prepared once its chunk comes, under the draft, and Confirm sends it once', async () => {
    const bg = await startSidebarBackground();
    await bg.announce(1, '#7');
    await act(() => render(<App />, root));
    const input = await until(() => root.querySelector<HTMLTextAreaElement>('[data-testid="chat-input"]'), 'the chat input');
    input.value = `${PROPOSE}Your refund is on its way.`;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    const send = await until(() => ($('draft-send') as HTMLButtonElement | null)?.disabled === false && $('draft-send'), 'the draft');

    send.click();
    // Prepared in the background; the card (and Confirm) waits for its chunk, and nothing else moves.
    for (let i = 0; i < 100 && (await bg.services.store.list()).length === 0; i++) await act(() => new Promise((r) => setTimeout(r, 10)));
    expect(await bg.services.store.list()).toHaveLength(1);
    await act(() => new Promise((r) => setTimeout(r, 300)));
    expect($('confirm-card')).toBeNull();
    expect($('confirm-accept')).toBeNull();
    expect(root.querySelectorAll('[data-testid="draft-card"]')).toHaveLength(1);

    chunk.arrive();
    const card = await until(() => $('confirm-card'), 'the card');
    expect($('draft-card')!.compareDocumentPosition(card) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect($('confirm-body')!.textContent).toBe('Your refund is on its way.');
    const accept = await until(() => ($('confirm-accept') as HTMLButtonElement | null)?.disabled === false && $('confirm-accept'), 'Confirm offered');
    accept.click();
    accept.click();
    await until(() => $('confirm-status')?.dataset.state === 'sent', 'sent');
    expect(bg.tabs.delivered.map((d) => d.payload.body)).toEqual(['Your refund is on its way.']);
  });
});
