import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetVaultConnection } from '../../src/extension/vault';

/**
 * Makes the fakes behave like the browser for every glue and UI test:
 * - storage areas hand out copies (the fake returns its live objects, so an edit that is never
 *   written back would "persist" in a test and not in a browser);
 * - the background's vault is an IndexedDB (fake-indexeddb, which clones like the real one),
 *   fresh for each test;
 * - `fetch` of the extension's own URL serves the files the build packages (wxt.config.ts), and
 *   404 for any other; every other URL goes to the real fetch.
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

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetVaultConnection();
});
