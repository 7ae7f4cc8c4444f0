// @vitest-environment happy-dom
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lazyView, loadWhenIdle } from '../../src/ui/lazy-view';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

const Card = ({ label }: { label: string }) => <p data-testid="card">{label}</p>;

/** A chunk the test lets arrive, or fail, when it says so. */
function chunk() {
  const fetches: { resolve(): void; reject(): void }[] = [];
  const importer = () =>
    new Promise<typeof Card>((resolve, reject) => fetches.push({ resolve: () => resolve(Card), reject: () => reject(new Error('chunk failed')) }));
  return { importer, fetches };
}

let root: HTMLElement;
const shown = () => root.querySelector('[data-testid="card"]')?.textContent ?? null;
const settle = () => act(async () => await new Promise((r) => setTimeout(r, 0)));

beforeEach(() => {
  installI18n();
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
  vi.useRealTimers();
});

describe('a lazy view', () => {
  it('shows nothing until its chunk has come, then the view, fetched once', async () => {
    const { importer, fetches } = chunk();
    const View = lazyView(importer);
    await act(() => render(<><View label="one" /><View label="two" /></>, root));
    expect(root.innerHTML).toBe('');
    expect(fetches).toHaveLength(1);
    fetches[0]!.resolve();
    await settle();
    expect([...root.querySelectorAll('[data-testid="card"]')].map((p) => p.textContent)).toEqual(['one', 'two']);
  });

  it('fetches again at its next render after a failed fetch', async () => {
    const { importer, fetches } = chunk();
    const View = lazyView(importer);
    await act(() => render(<View label="one" />, root));
    fetches[0]!.reject();
    await settle();
    expect(shown()).toBeNull();
    await act(() => render(null, root));
    await act(() => render(<View label="again" />, root));
    expect(fetches).toHaveLength(2);
    fetches[1]!.resolve();
    await settle();
    expect(shown()).toBe('again');
  });

  it('says where the view would be that it could not be loaded, and Try again fetches it again', async () => {
    const { importer, fetches } = chunk();
    const View = lazyView(importer);
    await act(() => render(<View label="the card" />, root));
    expect(root.querySelector('[role="alert"]')).toBeNull(); // loading: nothing yet
    fetches[0]!.reject();
    await settle();
    const alert = root.querySelector<HTMLElement>('[data-testid="lazy-failed"]');
    expect(alert?.getAttribute('role')).toBe('alert');
    expect(alert?.textContent).toContain('could not be loaded');
    await act(() => root.querySelector<HTMLButtonElement>('[data-testid="lazy-retry"]')!.click());
    expect(fetches).toHaveLength(2);
    expect(root.querySelector('[data-testid="lazy-failed"]')).toBeNull();
    fetches[1]!.resolve();
    await settle();
    expect(shown()).toBe('the card');
  });

  it('is fetched once the page is idle, so its first render shows it at once', async () => {
    const { importer, fetches } = chunk();
    const View = lazyView(importer);
    loadWhenIdle([View]);
    expect(fetches).toHaveLength(0);
    await vi.waitFor(() => expect(fetches).toHaveLength(1));
    fetches[0]!.resolve();
    await View.load();
    await act(() => render(<View label="ready" />, root));
    expect(shown()).toBe('ready');
    expect(fetches).toHaveLength(1);
  });
});
