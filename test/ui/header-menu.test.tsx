// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

// The items' chunk arrives when the test says so, as from a slow disk.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../src/ui/sidebar/HeaderMenuItems', async (original) => {
  await chunk.arrived;
  return original();
});
const { HeaderMenu } = await import('../../src/ui/sidebar/HeaderMenu');

let root: HTMLElement;
let chosen: string[];
const $ = (id: string) => root.querySelector<HTMLElement>(`[data-testid="${id}"]`);
const show = () =>
  act(() =>
    render(<HeaderMenu outbound={false} onOutbound={() => chosen.push('outbound')} onNewChat={() => chosen.push('new chat')} onSettings={() => chosen.push('settings')} />, root),
  );

beforeEach(() => {
  installI18n();
  root = freshRoot();
  chosen = [];
});
afterEach(() => dropRoot(root));

describe('the header menu', () => {
  it('opens on the first click though its items are still on their way, and shows them once they come', async () => {
    await show();
    await act(() => $('header-menu')!.click());
    expect($('header-menu')!.getAttribute('aria-expanded')).toBe('true');
    expect($('header-menu-items')).toBeNull();
    chunk.arrive();
    await vi.waitFor(() => expect($('header-menu-items')).not.toBeNull());
    await act(() => $('chat-new')!.click());
    expect(chosen).toEqual(['new chat']);
    expect($('header-menu-items')).toBeNull();
    expect(document.activeElement).toBe($('header-menu'));
  });

  it('closes on Escape with the focus back on its button, and on a click elsewhere', async () => {
    chunk.arrive();
    await show();
    await act(() => $('header-menu')!.click());
    await vi.waitFor(() => expect($('header-menu-items')).not.toBeNull());
    $('open-options')!.focus();
    await act(() => void $('open-options')!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect($('header-menu-items')).toBeNull();
    expect(document.activeElement).toBe($('header-menu'));
    await act(() => $('header-menu')!.click());
    expect($('header-menu-items')).not.toBeNull();
    await act(() => void document.body.dispatchEvent(new Event('pointerdown', { bubbles: true })));
    expect($('header-menu-items')).toBeNull();
    expect(chosen).toEqual([]);
  });
});
