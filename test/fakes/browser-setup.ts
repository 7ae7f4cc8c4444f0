import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetVaultConnection } from '../../src/extension/vault';

/**
 * Makes the fakes behave like the browser for every glue and UI test:
 * - storage areas hand out copies (the fake returns its live objects, so an edit that is never
 *   written back would "persist" in a test and not in a browser);
 * - the background's vault is an IndexedDB (fake-indexeddb, which clones like the real one),
 *   fresh for each test.
 */
for (const area of [fakeBrowser.storage.local, fakeBrowser.storage.session]) {
  const get = area.get.bind(area);
  area.get = (async (keys?: unknown) => structuredClone(await get(keys as never))) as typeof area.get;
}

beforeEach(() => {
  globalThis.indexedDB = new IDBFactory();
  forgetVaultConnection();
});
