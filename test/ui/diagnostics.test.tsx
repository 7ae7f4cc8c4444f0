// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { log } from '../../src/background/diagnostics/logger';
import { route, type Sender } from '../../src/background/router';
import { useDiagnostics } from '../../src/ui/hooks/useDiagnostics';
import { Diagnostics } from '../../src/ui/options/Diagnostics';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
let root: HTMLElement;

async function until(probe: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  for (const end = Date.now() + timeoutMs; Date.now() < end; ) {
    if (probe()) return;
    await act(() => new Promise((r) => setTimeout(r, 5)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
const rows = () => [...root.querySelectorAll<HTMLElement>('[data-testid="diagnostics-entry"]')];

function View() {
  return <Diagnostics diagnostics={useDiagnostics()} />;
}

beforeEach(async () => {
  fakeBrowser.reset();
  installI18n();
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const { handlers } = await createServices([]);
  await log.clear();
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, options, handlers));
  root = freshRoot();
});
afterEach(() => {
  dropRoot(root);
});

describe('the diagnostics view', () => {
  it('lists the background log newest first, with level, area and detail, and clears it', async () => {
    log.warn('site-access', 'Could not run the content script in an open tab of the site', new Error('No tab with id: 4'));
    log.error('audit', 'Could not write an entry of the audit log');
    await log.list();
    await act(() => render(<View />, root));
    await until(() => rows().length === 2, 'two entries');
    expect(rows().map((r) => [r.dataset.level, r.dataset.area])).toEqual([['error', 'audit'], ['warn', 'site-access']]);
    expect(rows()[1]!.textContent).toContain('Error: No tab with id: 4');
    expect(rows()[0]!.textContent).toContain('Error');

    root.querySelector<HTMLButtonElement>('[data-testid="diagnostics-clear"]')!.click();
    await until(() => root.querySelector('[data-testid="diagnostics-empty"]') !== null, 'the empty view');
    expect(await log.list()).toEqual([]);
  });

  it('says when nothing went wrong, and offers no export then', async () => {
    await act(() => render(<View />, root));
    await until(() => root.querySelector('[data-testid="diagnostics-empty"]') !== null, 'the empty view');
    expect(root.querySelector<HTMLButtonElement>('[data-testid="diagnostics-export"]')!.disabled).toBe(true);
  });
});
