import { IDBFactory } from 'fake-indexeddb';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { forgetVaultConnection } from '../../src/background/storage/vault';
import { createMaskingModel, detectPersonalData, peopleOfTicket } from '../../src/core/pii';
import { createNumberChecks } from '../../src/core/pii/number-plans';
import { reviewContacts } from '../../src/shared/contact-review';
import { PERSONAL_DATA_GLOBAL, type PersonalData } from '../../src/shared/personal-data-module';
import { KB_INDEX_GLOBAL, type KbIndexModule } from '../../src/tools/kb-index-module';
import { MODEL_CLIENT_GLOBAL, type ModelClientModule } from '../../src/background/model/model-client-module';
import { createOpenAIModel, listModels } from '../../src/background/model/openai-model';
import { createKbIndex } from '../../src/tools/knowledge-base';
import { TEACH_GLOBAL, type TeachModule } from '../../src/background/teach/teach-module';
import { teachHandlers, teachView } from '../../src/background/teach/teach-handlers';
import { SAVED_REPLIES_GLOBAL, type SavedRepliesModule } from '../../src/background/pages/saved-replies-module';
import { savedReplyHandlers } from '../../src/background/pages/saved-reply-handlers';
import { installIntersectionObserver } from './intersection';
import { registerContentPart } from '../../src/sites/content-parts';
import { readableModule } from '../../src/sites/adapters/generic-readable';
import { createTeachMode } from '../../src/content/teach-content';
import { highlightRecipe } from '../../src/content/recipe-highlight';
import { checkRecipe } from '../../src/shared/recipe-check';

/**
 * Makes the fakes behave like the browser for every glue and UI test:
 * - storage areas hand out copies (the fake returns its live objects, so an edit that is never
 *   written back would "persist" in a test and not in a browser);
 * - the background's vault is an IndexedDB (fake-indexeddb, which clones like the real one),
 *   fresh for each test;
 * - `fetch` of the extension's own URL serves the files the build packages (wxt.config.ts), and
 *   404 for any other; every other URL goes to the real fetch;
 * - the personal data script (entrypoints/personal-data.ts) has run, as it has in a worker that
 *   needed it (test/background/model/personal-data.test.ts loads it the browser's way), and so has the
 *   knowledge base index script (test/background/kb/kb-index.test.ts), the model client script,
 *   teach mode's and the saved replies' (test/background/lazy-handlers.test.ts), and the content
 *   script's parts (test/background/content-part-handlers.test.ts);
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

/** What entrypoints/personal-data.ts sets when it runs. */
export const personalDataScript: PersonalData = { createNumberChecks, createMaskingModel, peopleOfTicket, reviewContacts, detectPersonalData };
(globalThis as Record<string, unknown>)[PERSONAL_DATA_GLOBAL] = personalDataScript;

/** What entrypoints/kb-index.ts sets when it runs. */
export const kbIndexScriptModule: KbIndexModule = { createKbIndex };
(globalThis as Record<string, unknown>)[KB_INDEX_GLOBAL] = kbIndexScriptModule;
const modelClientModule: ModelClientModule = { createOpenAIModel, listModels };
(globalThis as Record<string, unknown>)[MODEL_CLIENT_GLOBAL] = modelClientModule;
const teachModule: TeachModule = { teachHandlers, teachView };
(globalThis as Record<string, unknown>)[TEACH_GLOBAL] = teachModule;
const savedRepliesModule: SavedRepliesModule = { savedReplyHandlers };
(globalThis as Record<string, unknown>)[SAVED_REPLIES_GLOBAL] = savedRepliesModule;

// The content script's parts, as the background runs them in a tab that asked (entrypoints/page-*.ts).
registerContentPart('readable', readableModule);
registerContentPart('teach', { createTeachMode });
registerContentPart('recipes', { checkRecipe, highlightRecipe });

beforeEach(() => {
  if (typeof window !== 'undefined') installIntersectionObserver();
  globalThis.indexedDB = new IDBFactory();
  forgetVaultConnection();
});
