// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { BuiltinRecipeView, PageView } from '../../src/shared/protocol';
import type { ChatChrome } from '../../src/ui/hooks/useChatChrome';
import type { Sidebar } from '../../src/ui/hooks/useSidebar';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

// The built-in recipe's line arrives when the test says so, as from a slow disk.
const chunk = vi.hoisted(() => {
  let arrive = () => undefined as void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  return { arrived, arrive: () => arrive() };
});
vi.mock('../../src/ui/chat/BuiltinLine', async (original) => {
  await chunk.arrived;
  return original();
});
const { ChatTop } = await import('../../src/ui/chat/ChatTop');

const page: PageView = { tabId: 1, adapterId: 'zammad', adapterTitle: 'Zammad', origin: 'https://help.example.com', ticket: null };
const s = { tabId: 1, view: { page, tools: [] }, ticketContext: { available: false } } as unknown as Sidebar;
const chrome = { setup: { status: null }, need: null } as unknown as ChatChrome;

let root: HTMLElement;
let recipes: BuiltinRecipeView[];
let ticks: unknown[];
const $ = (testId: string) => root.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`);

beforeEach(() => {
  fakeBrowser.reset();
  installI18n();
  root = freshRoot();
  recipes = [{ id: 'zammad', title: 'Zammad', where: null, confirmed: null }];
  ticks = [];
  fakeBrowser.runtime.onMessage.addListener(async (message: unknown) => {
    const m = message as { type: string; id?: string; works?: boolean };
    if (m.type === 'recipes.builtin') return { ok: true, value: recipes };
    if (m.type === 'recipes.works-here') {
      ticks.push({ id: m.id, works: m.works });
      recipes = recipes.map((r) => (r.id === m.id ? { ...r, confirmed: m.works ? { at: '2026-12-05T12:00:00Z' } : null } : r));
      return { ok: true, value: { ok: true } };
    }
    return undefined;
  });
});
afterEach(() => dropRoot(root));

describe("a built-in recipe's line whose chunk comes late", () => {
  it('leaves the head of the chat as it is until it comes, then says the recipe is unconfirmed and takes the tick', async () => {
    await act(() => render(<ChatTop s={s} chrome={chrome} />, root));
    await act(() => new Promise((r) => setTimeout(r, 100)));
    expect(root.querySelector('.builtin-line')).toBeNull();
    expect(root.querySelector('[data-testid="header-page"]')).not.toBeNull();

    chunk.arrive();
    await vi.waitFor(() => expect($('recipe-unconfirmed')).not.toBeNull());
    expect($('recipe-works-here')!.checked).toBe(false);
    await act(() => $('recipe-works-here')!.click());
    await vi.waitFor(() => expect($('recipe-unconfirmed')).toBeNull());
    expect(ticks).toEqual([{ id: 'zammad', works: true }]);
    expect($('recipe-works-here')!.checked).toBe(true);
  });
});
