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
});
