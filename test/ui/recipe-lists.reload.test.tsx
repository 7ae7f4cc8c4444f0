// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { useBuiltinRecipes } from '../../src/ui/hooks/useBuiltinRecipes';
import { useRecipes } from '../../src/ui/hooks/useRecipes';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

/**
 * The recipe lists (options page, built-in recipe line of the sidebar) are loaded again when
 * recipes change, which the background says with a view.changed for no tab; a tab's own change
 * (fifty of them when fifty tabs reload) asks the background for nothing.
 */
let root: HTMLElement;
let asked: string[];

function Probe() {
  useRecipes();
  useBuiltinRecipes();
  return null;
}

const settle = () => act(() => new Promise((r) => setTimeout(r, 20)));
const broadcast = async (tabId: number | null) => {
  await act(async () => void (await fakeBrowser.runtime.sendMessage({ type: 'view.changed', tabId })));
  await settle();
};

beforeEach(async () => {
  fakeBrowser.reset();
  installI18n();
  asked = [];
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => {
    const type = (message as { type: string }).type;
    if (type === 'view.changed') return undefined;
    asked.push(type);
    return Promise.resolve({ ok: true, value: [] });
  });
  root = freshRoot();
  await act(() => render(<Probe />, root));
  await settle();
});
afterEach(() => {
  dropRoot(root);
});

describe('the recipe lists and the tabs', () => {
  it('are not loaded again when a tab changes, and are when the recipes do', async () => {
    expect(asked.sort()).toEqual(['recipes.builtin', 'recipes.list', 'recipes.tested']);
    asked = [];
    for (let tabId = 1; tabId <= 5; tabId++) await broadcast(tabId);
    expect(asked).toEqual([]);
    await broadcast(null);
    expect(asked.sort()).toEqual(['recipes.builtin', 'recipes.list', 'recipes.tested']);
  });
});
