// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { KbUrl } from '../../src/ui/options/KbUrl';
import { installI18n } from '../fakes/i18n';
import { installFakePermissions } from '../fakes/fake-permissions';
import { startKbServer, type KbServer } from '../fakes/kb-server';
import { freshRoot, dropRoot } from './root';

const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
let root: HTMLElement;
let server: KbServer;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
/** Polls by wall time, not by a count of turns: a loaded machine must not fail a test. */
async function until<T>(probe: () => T | null | undefined | false, what: string, timeoutMs = 5000): Promise<T> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}: ${root.textContent}`);
}

async function mount(policy?: Record<string, unknown>) {
  if (policy) await fakeBrowser.storage.managed.set(policy);
  const { handlers } = await createServices([]);
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, options, handlers));
  await act(() => render(<KbUrl />, root));
}

beforeEach(async () => {
  fakeBrowser.reset();
  installI18n();
  installFakePermissions(['http://127.0.0.1/*']);
  server = await startKbServer({ '/kb.md': { body: '# Zebra\nStripes.\n# Lion\nMane.', etag: '"v1"' } }, '127.0.0.1', { cors: true });
  root = freshRoot();
});
afterEach(async () => {
  dropRoot(root);
  await server.close();
});

describe('KbUrl', () => {
  it('saves the agent’s URL, syncs it, and says when and how many articles', async () => {
    await mount();
    await until(() => $('kb-sync-status')?.textContent?.includes('No URL set'), 'no URL');
    const input = $('kb-url') as HTMLInputElement;
    input.value = server.url('/kb.md');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    $('kb-url-save')!.click();
    // The new view can come (by the settings broadcast) a moment before the click's own answer ends "Syncing…".
    const status = await until(() => $('kb-sync-status')?.dataset.articles === '2' && !$('kb-sync-status')!.textContent!.includes('Syncing') && $('kb-sync-status'), 'the sync');
    expect(status.dataset.source).toBe('you');
    expect(status.textContent).toMatch(/^Last synced .+: 2 articles\.$/);
    expect(root.textContent).toContain('Set by you');
    // Sync now: the server answers 304, and the line says when it was checked.
    await new Promise((r) => setTimeout(r, 5));
    $('kb-sync-now')!.click();
    await until(() => $('kb-sync-status')?.textContent?.includes('unchanged since'), 'the second check');
    expect(server.seen.map((s) => s.status)).toEqual([200, 304]);
  });

  it('refuses what is not an http(s) address', async () => {
    await mount();
    await until(() => $('kb-url-save') && !($('kb-url-save') as HTMLButtonElement).disabled, 'the form');
    const input = $('kb-url') as HTMLInputElement;
    input.value = 'ftp://example.com/kb.md';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    $('kb-url-save')!.click();
    await until(() => root.querySelector('[role="alert"]')?.textContent?.includes('http:// or https://'), 'the refusal');
    expect(server.seen).toEqual([]);
  });

  it('shows the organisation’s URL as set by it, read-only, with no Save; a failure keeps the copy and says why', async () => {
    await mount({ knowledgeBaseUrl: server.url('/kb.md') });
    await until(() => $('kb-url-managed'), 'the managed mark');
    const input = $('kb-url') as HTMLInputElement;
    expect(input.value).toBe(server.url('/kb.md'));
    expect(input.readOnly).toBe(true);
    expect($('kb-url-save')).toBeNull();
    $('kb-sync-now')!.click();
    // As above: the articles can show (by the broadcast) while the click's own sync still runs, and Sync now is off until it ends.
    await until(() => $('kb-sync-status')?.dataset.articles === '2' && !$('kb-sync-status')!.textContent!.includes('Syncing'), 'the sync');
    expect($('kb-sync-status')!.dataset.source).toBe('organisation');
    server.routes['/kb.md'] = { status: 503 };
    $('kb-sync-now')!.click();
    const status = await until(() => $('kb-sync-status')?.dataset.error === 'status' && $('kb-sync-status'), 'the failure');
    expect(status.textContent).toContain('failed: the server answered with HTTP status 503.');
    expect(status.textContent).toContain('The last good copy is kept and searched.');
    expect(status.dataset.articles).toBe('2');
  });
});
