// @vitest-environment happy-dom
import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { render } from 'preact';
import { act } from 'preact/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { route, type Sender } from '../../src/background/router';
import { KnowledgeBase } from '../../src/ui/options/KnowledgeBase';
import { installI18n } from '../fakes/i18n';
import { freshRoot, dropRoot } from './root';

const options: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
let root: HTMLElement;
const $ = (testId: string) => root.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
async function until<T>(probe: () => T | null | undefined | false, what: string): Promise<T> {
  for (let i = 0; i < 100; i++) {
    const value = probe();
    if (value) return value;
    await act(() => new Promise((r) => setTimeout(r, 10)));
  }
  throw new Error(`timed out waiting for ${what}`);
}
function pick(...files: File[]) {
  const input = $('kb-file') as HTMLInputElement;
  Object.defineProperty(input, 'files', { value: files, configurable: true });
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

beforeEach(async () => {
  fakeBrowser.reset();
  installI18n();
  const { handlers } = await createServices([]);
  fakeBrowser.runtime.onMessage.addListener((message: unknown) => route(message, options, handlers));
  root = freshRoot();
  await act(() => render(<KnowledgeBase />, root));
});
afterEach(() => {
  dropRoot(root);
  vi.unstubAllGlobals();
});

describe('KnowledgeBase', () => {
  it('imports JSON and Markdown files, reports what it found, and lists the articles', async () => {
    await until(() => root.textContent?.includes('No articles yet'), 'the empty list');
    const json = new File([JSON.stringify([{ title: 'Refunds', body: 'Refunds take 5 days.' }, { title: 'No body' }])], 'faq.json');
    const md = new File(['# Shipping\nWe ship daily.\n## Returns\nWithin 30 days.'], 'guide.md');
    pick(json, md);
    const status = await until(() => $('kb-status')?.textContent?.startsWith('Imported') && $('kb-status'), 'the report');
    expect(status.textContent).toContain('Imported 3 articles (3 in total).');
    expect(status.textContent).toContain('faq.json: article 2 has no title or no body');
    const list = await until(() => $('kb-list'), 'the list');
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Refunds faq.json', 'Shipping guide.md', 'Returns guide.md']);
  });

  it('removes every article only after the person agrees', async () => {
    pick(new File(['# One\nBody.'], 'one.md'));
    await until(() => $('kb-list'), 'the list');
    const answers = [false, true];
    vi.stubGlobal('confirm', () => answers.shift());
    $('kb-clear')!.click();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect($('kb-list')).not.toBeNull();
    $('kb-clear')!.click();
    await until(() => root.textContent?.includes('No articles yet'), 'the empty list');
  });
});
