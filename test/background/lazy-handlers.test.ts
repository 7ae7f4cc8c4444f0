import '../fakes/scripts'; // runs the lazy scripts and content parts this file's code reaches
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { createServices } from '../../src/background/host';
import { createRecipeStore, type KeyValue } from '../../src/background/recipes/recipe-store';
import { route, type Handlers, type Sender } from '../../src/background/router';
import { lazyHandlers } from '../../src/background/lazy-handlers';
import { defineLazyScript } from '../../src/background/lazy-script';
import { TEACH_GLOBAL } from '../../src/background/teach/teach-module';
import { SAVED_REPLIES_GLOBAL } from '../../src/background/pages/saved-replies-module';
import { createOpenAIModel } from '../../src/background/model/openai-model';
import { ADAPTER_INFOS } from '../../src/sites/catalog';
import { createFakeTabs } from '../fakes/fake-tabs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const extensionPage: Sender = { kind: 'extension', url: 'chrome-extension://x/sidepanel.html' };
const globals = globalThis as Record<string, unknown>;

/** The worker's importScripts: records each import and runs `script` for it, unless `refuse()`. */
function workerImports(script: (url: string) => void, refuse = () => false) {
  const imported: string[] = [];
  vi.stubGlobal('importScripts', (url: string) => {
    imported.push(url);
    if (refuse()) throw new DOMException(`Failed to execute 'importScripts': The script at '${url}' failed to load.`, 'NetworkError');
    script(url);
  });
  return imported;
}

describe('handlers in a lazy script', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete globals.deskmateTestHandlers;
  });

  type Module = { build(): Pick<Handlers, 'sites.list'> };
  const script = () => defineLazyScript<Module>('/test-handlers.js', 'deskmateTestHandlers', 'test handlers');
  const answered: string[] = [];
  const module: Module = { build: () => ({ 'sites.list': async () => (answered.push('sites.list'), []) }) };

  it('runs the script at the first of its messages, once, and passes every message on', async () => {
    const imported = workerImports(() => (globals.deskmateTestHandlers = module));
    const handlers = lazyHandlers(script(), ['sites.list'] as const, (m) => m.build());
    expect(imported).toEqual([]);
    await handlers['sites.list']({ type: 'sites.list' } as never, extensionPage);
    await handlers['sites.list']({ type: 'sites.list' } as never, extensionPage);
    expect(imported).toEqual(['/test-handlers.js']);
    expect(answered.splice(0)).toEqual(['sites.list', 'sites.list']);
  });

  it('fails a message whose script does not load, with the reason, and loads it at the next', async () => {
    let refuse = true;
    const imported = workerImports(() => (globals.deskmateTestHandlers = module), () => refuse);
    const handlers = lazyHandlers(script(), ['sites.list'] as const, (m) => m.build()) as unknown as Handlers;
    expect(await route({ type: 'sites.list' }, extensionPage, handlers)).toMatchObject({ ok: false, code: 'internal', error: expect.stringContaining('failed to load') });
    refuse = false;
    expect(await route({ type: 'sites.list' }, extensionPage, handlers)).toEqual({ ok: true, value: [] });
    expect(imported).toEqual(['/test-handlers.js', '/test-handlers.js']);
  });
});

describe("the scripts of teach mode, the saved replies and the model client", () => {
  const memory = (): KeyValue => {
    const items = new Map<string, unknown>();
    return { get: async (k) => structuredClone(items.get(k)), set: async (k, v) => void items.set(k, structuredClone(v)) };
  };
  const kept = { teach: globals[TEACH_GLOBAL], saved: globals[SAVED_REPLIES_GLOBAL] };
  beforeEach(() => {
    fakeBrowser.reset();
    delete globals[TEACH_GLOBAL];
    delete globals[SAVED_REPLIES_GLOBAL];
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    globals[TEACH_GLOBAL] = kept.teach;
    globals[SAVED_REPLIES_GLOBAL] = kept.saved;
  });

  it('are not run for a page asking whether its tab is taught, a view, or the list of saved replies', async () => {
    const imported = workerImports((url) => {
      if (url === '/teach.js') globals[TEACH_GLOBAL] = kept.teach;
      if (url === '/saved-replies.js') globals[SAVED_REPLIES_GLOBAL] = kept.saved;
    });
    const tabs = createFakeTabs();
    const { handlers } = await createServices(ADAPTER_INFOS, tabs.send, createOpenAIModel, createRecipeStore(memory()));
    tabs.tabs.set(1, { origin: 'http://127.0.0.1:4517', ticket: '#6' });
    const page: Sender = { kind: 'content', tabId: 1, origin: 'http://127.0.0.1:4517', url: 'http://127.0.0.1:4517/cards/tickets/6' };
    await route({ type: 'page.announce', adapterId: 'generic', url: page.url, ticket: null }, page, handlers);
    expect(await route({ type: 'teach.state' }, page, handlers)).toEqual({ ok: true, value: null });
    expect(await route({ type: 'view.get', tabId: 1 }, extensionPage, handlers)).toMatchObject({ ok: true, value: { teach: null } });
    expect(await route({ type: 'savedReplies.get' }, extensionPage, handlers)).toEqual({ ok: true, value: { agentName: '', replies: [] } });
    expect(imported).toEqual([]);

    expect(await route({ type: 'teach.start', tabId: 1 }, extensionPage, handlers)).toEqual({ ok: true, value: { ok: true } });
    expect(await route({ type: 'view.get', tabId: 1 }, extensionPage, handlers)).toMatchObject({ ok: true, value: { teach: { step: 'message' } } });
    expect(await route({ type: 'savedReplies.save', data: { version: 1, replies: [] } }, extensionPage, handlers)).toEqual({ ok: true, value: { ok: true } });
    expect(imported).toEqual(['/teach.js', '/saved-replies.js']);
  });

  /** The project files a file imports for their values (an import of types only is left out), with their own. */
  function valueImports(entry: string): string[] {
    const seen = new Set<string>();
    const visit = (file: string) => {
      const path = relative(ROOT, file);
      if (seen.has(path)) return;
      seen.add(path);
      const source = readFileSync(file, 'utf8');
      for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gm)) {
        const [, typeOnly, names = '', spec = ''] = m;
        const onlyTypes = !!typeOnly || (/^\{[^}]*\}$/s.test(names.trim()) && names.replace(/[{}\s]/g, '').split(',').filter(Boolean).every((n) => n.startsWith('type')));
        if (onlyTypes || !(spec.startsWith('.') || spec.startsWith('@/'))) {
          if (!onlyTypes && /^(wxt\/browser|webextension-polyfill)/.test(spec)) seen.add(spec);
          continue;
        }
        const base = spec.startsWith('@/') ? join(ROOT, spec.slice(2)) : resolve(dirname(file), spec);
        const found = ['.ts', '.tsx', '/index.ts', ''].map((ext) => base + ext).find((p) => existsSync(p) && statSync(p).isFile());
        if (found && /\.tsx?$/.test(found)) visit(found);
      }
    };
    visit(join(ROOT, entry));
    return [...seen].filter((p) => !p.startsWith('src/core/') && !p.startsWith('src/shared/')).sort();
  }

  // A module with state (a stored item's memory and queue, the logger's queue, the policy, the
  // browser's wrapper) copied into a script would be a second one beside the worker's: the
  // handlers get those from the worker instead (TeachDeps, SavedReplyDeps, HostPermission).
  it('carry none of the worker’s state: besides core and shared, only their own files', () => {
    expect(valueImports('entrypoints/teach.ts')).toEqual([
      'entrypoints/teach.ts',
      'src/background/teach/own-session.ts',
      'src/background/teach/teach-handlers.ts',
      'src/background/teach/teach-module.ts',
      'src/background/teach/teach-recipe.ts',
    ]);
    expect(valueImports('entrypoints/saved-replies.ts')).toEqual(['entrypoints/saved-replies.ts', 'src/background/pages/saved-replies-module.ts', 'src/background/pages/saved-reply-handlers.ts']);
    expect(valueImports('entrypoints/model-client.ts')).toEqual(['entrypoints/model-client.ts', 'src/background/model/model-client-module.ts', 'src/background/model/openai-model.ts']);
  });
});
