import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetVaultConnection } from '../../src/background/storage/vault';
import { PERSONAL_DATA_GLOBAL } from '../../src/shared/personal-data-module';
import { KB_INDEX_GLOBAL } from '../../src/tools/kb-index-module';
import { MODEL_CLIENT_GLOBAL } from '../../src/background/model/model-client-module';
import { TEACH_GLOBAL } from '../../src/background/teach/teach-module';
import { SAVED_REPLIES_GLOBAL } from '../../src/background/pages/saved-replies-module';
import { installIntersectionObserver } from './intersection';

/**
 * Makes the fakes behave like the browser for every glue and UI test:
 * - storage areas hand out copies (the fake returns its live objects, so an edit that is never
 *   written back would "persist" in a test and not in a browser);
 * - the background's vault is an IndexedDB (fake-indexeddb, which clones like the real one),
 *   fresh for each test;
 * - `fetch` of the extension's own URL serves the files the build packages (wxt.config.ts), and
 *   404 for any other; every other URL goes to the real fetch;
 * - the scripts the extension runs when a feature first needs them (the worker's lazy scripts,
 *   the content script's parts) have not run: reading one's module fails in words, naming
 *   test/fakes/scripts.ts, which a file whose code reaches one imports first (loaded here for
 *   every file, they were about half a second of each file's set-up);
 * - under happy-dom, an IntersectionObserver that reports (test/fakes/intersection.ts).
 */
for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.session]) {
  const get = area.get.bind(area);
  area.get = (async (keys?: unknown) => structuredClone(await get(keys as never))) as typeof area.get;
}

const require = createRequire(import.meta.url);
// Read once: serving a packaged file takes the browser no disk wait worth modelling.
const PACKAGED: Record<string, string> = { 'phone-metadata.json': readFileSync(require.resolve('libphonenumber-js/metadata.min.json'), 'utf8') };
const realFetch = globalThis.fetch;
globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = String(input instanceof Request ? input.url : input);
  const base = fakeBrowser.runtime.getURL('/');
  if (!url.startsWith(base)) return realFetch(input, init);
  const file = PACKAGED[url.slice(base.length)];
  return file === undefined ? new Response('', { status: 404 }) : new Response(file, { headers: { 'content-type': 'application/json' } });
}) as typeof fetch;

// Each guard gives way to the module once something sets it (test/fakes/scripts.ts, or a test
// that puts its own module there).
const notRun = (what: string) => (): never => {
  throw new Error(`${what} has not run in this test file: import test/fakes/scripts.ts first, as a file whose code needs it does.`);
};
function guard(target: object, name: string, what: string): void {
  Object.defineProperty(target, name, {
    configurable: true,
    get: notRun(what),
    set(module: unknown) {
      Object.defineProperty(target, name, { value: module, writable: true, configurable: true, enumerable: true });
    },
  });
}
for (const name of [PERSONAL_DATA_GLOBAL, KB_INDEX_GLOBAL, MODEL_CLIENT_GLOBAL, TEACH_GLOBAL, SAVED_REPLIES_GLOBAL]) guard(globalThis, name, `The script of ${name}`);
const parts = {};
for (const name of ['tools', 'readable', 'teach', 'recipes']) guard(parts, name, `The content script's ${name} part`);
(globalThis as Record<string, unknown>).__deskmateContentParts = parts;

beforeEach(() => {
  if (typeof window !== 'undefined') installIntersectionObserver();
  globalThis.indexedDB = new IDBFactory();
  forgetVaultConnection();
});
