import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import type { Sender } from '../../../src/background/router';
import { KB_INDEX_GLOBAL } from '../../../src/tools/kb-index-module';
import { kbIndexScriptModule } from '../../fakes/scripts';
import { fakeHelpdesk } from '../../fakes/fake-adapter';

const page: Sender = { kind: 'extension', url: 'chrome-extension://x/options.html' };
const KB_MD = '# Printer jams\nOpen tray 2 and pull the sheet out.\n## Refund window\nRefunds within 30 days.';

/**
 * The worker's importScripts, as Chromium runs it: the index script sets its module on the
 * global object, unless the browser refuses the import.
 */
function workerImports(refuse: () => boolean) {
  const imported: string[] = [];
  vi.stubGlobal('importScripts', (url: string) => {
    imported.push(url);
    if (refuse()) throw new DOMException(`Failed to execute 'importScripts': The script at '${url}' failed to load.`, 'NetworkError');
    (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL] = kbIndexScriptModule;
  });
  return imported;
}

/** A fresh background (fresh modules: nothing of the script is loaded yet). */
async function freshBackground() {
  vi.resetModules();
  const { createServices } = await import('../../../src/background/host');
  const { route } = await import('../../../src/background/router');
  const { KB_INDEX_UNAVAILABLE, KB_READER_UNAVAILABLE } = await import('../../../src/background/kb/kb-index');
  const built = await createServices([fakeHelpdesk]);
  const as = (m: { type: string } & Record<string, unknown>) => route(m, page, built.handlers) as Promise<{ ok: boolean; value: any }>;
  const search = (query: string) => built.services.registry.invokeReadOnly('kb__search', { query }, { autonomous: true });
  return { as, search, KB_INDEX_UNAVAILABLE, KB_READER_UNAVAILABLE };
}

// Each case imports the whole background afresh: slow on a loaded machine.
describe('the knowledge base index script', { timeout: 20_000 }, () => {
  beforeEach(() => {
    fakeBrowser.reset();
    delete (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL] = kbIndexScriptModule;
  });

  it('is imported the first time the knowledge base is searched or a file imported, once; listing does not need it', async () => {
    let refuse = false;
    const imported = workerImports(() => refuse);
    const h = await freshBackground();
    expect((await h.as({ type: 'kb.list' })).value.count).toBe(0);
    expect(imported).toEqual([]);
    await h.as({ type: 'kb.import', files: [{ name: 'kb.md', text: KB_MD }] });
    expect((await h.as({ type: 'kb.list' })).value.count).toBe(2);
    expect(imported).toEqual(['/kb-index.js']);
    // Loaded once: the browser is not asked again, whatever it would answer now.
    refuse = true;
    const first = await h.search('printer');
    const second = await h.search('refund');
    expect(imported).toEqual(['/kb-index.js']);
    expect(first).toMatchObject({ ok: true, data: { hits: [{ title: 'Printer jams' }] } });
    expect(second).toMatchObject({ ok: true, data: { hits: [{ title: 'Refund window' }] } });
  });

  it('cannot be loaded: an import is refused in words, the articles kept stay, and the next import loads it', async () => {
    let refuse = false;
    workerImports(() => refuse);
    const h = await freshBackground();
    await h.as({ type: 'kb.import', files: [{ name: 'kb.md', text: KB_MD }] });
    // A worker started again: the script has not run in it yet, and the browser refuses it.
    delete (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL];
    refuse = true;
    const again = await freshBackground();
    const failed = await again.as({ type: 'kb.import', files: [{ name: 'more.md', text: '# Returns\nWithin 14 days.' }] });
    expect(failed.ok).toBe(false);
    expect(JSON.stringify(failed)).toContain(again.KB_READER_UNAVAILABLE);
    expect((await again.as({ type: 'kb.list' })).value.count).toBe(2);
    refuse = false;
    await again.as({ type: 'kb.import', files: [{ name: 'more.md', text: '# Returns\nWithin 14 days.' }] });
    expect((await again.as({ type: 'kb.list' })).value.count).toBe(3);
  });

  it('cannot be loaded: the search is a clear error for the model, nothing is lost, and the next search loads it', async () => {
    let refuse = false;
    workerImports(() => refuse);
    await (await freshBackground()).as({ type: 'kb.import', files: [{ name: 'kb.md', text: KB_MD }] });
    // A worker started again: the script has not run in it yet, and the browser refuses it.
    delete (globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL];
    refuse = true;
    const h = await freshBackground();
    const failed = await h.search('printer');
    expect(failed).toMatchObject({ ok: false, code: 'tool_failed' });
    expect(!failed.ok && failed.error).toContain(h.KB_INDEX_UNAVAILABLE);
    expect((await h.as({ type: 'kb.list' })).value.count).toBe(2);
    // A failure is not remembered.
    refuse = false;
    expect(await h.search('printer')).toMatchObject({ ok: true, data: { hits: [{ title: 'Printer jams' }] } });
  });
});
