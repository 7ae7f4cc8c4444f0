// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QuickActions } from '../../src/ui/chat/QuickActions';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

let root: HTMLElement;
let woken: number;
let actions: string[];

beforeEach(() => {
  installI18n();
  root = freshRoot();
  woken = 0;
  actions = [];
  act(() => render(<QuickActions off={false} running={false} onAction={(a) => actions.push(a)} onWake={() => woken++} />, root));
});
afterEach(() => {
  dropRoot(root);
});

describe('the quick actions bar', () => {
  it('gets the worker ready when the pointer or the keyboard reaches it, before any click', () => {
    const bar = root.querySelector<HTMLElement>('[role="toolbar"]')!;
    act(() => void bar.dispatchEvent(new Event('pointerenter')));
    expect(woken).toBe(1);
    act(() => root.querySelector<HTMLButtonElement>('[data-action="summarize"]')!.focus());
    expect(woken).toBe(2);
    expect(actions).toEqual([]); // reaching the bar runs nothing
    act(() => root.querySelector<HTMLButtonElement>('[data-action="summarize"]')!.click());
    expect(actions).toEqual(['summarize']);
  });

  it('offers the actions that need no draft; the rewrites are on the draft itself', () => {
    const offered = [...root.querySelectorAll<HTMLElement>('[data-testid="quick-action"]')].map((b) => [b.dataset.action, b.textContent, b.title]);
    expect(offered).toEqual([
      ['summarize', 'Summarize', 'A handover summary of this ticket'],
      ['draft', 'Draft reply', 'Read the ticket and the knowledge base, and propose a reply'],
      ['translate', 'Translate', 'This ticket, for me: its messages in my language (not a draft)'],
      ['note', 'Internal note', 'An internal note for colleagues, which you can edit before adding it'],
    ]);
  });
});
