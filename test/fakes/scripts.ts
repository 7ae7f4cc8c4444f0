import { createMaskingModel, detectPersonalData, peopleOfTicket } from '../../src/core/pii';
import { createNumberChecks } from '../../src/core/pii/number-plans';
import { reviewContacts } from '../../src/shared/contact-review';
import { PERSONAL_DATA_GLOBAL, type PersonalData } from '../../src/shared/personal-data-module';
import { KB_INDEX_GLOBAL, type KbIndexModule } from '../../src/tools/kb-index-module';
import { MODEL_CLIENT_GLOBAL, type ModelClientModule } from '../../src/background/model/model-client-module';
import { createOpenAIModel, listModels } from '../../src/background/model/openai-model';
import { createKbIndex } from '../../src/tools/knowledge-base';
import { parseKbFile, parseKbText } from '../../src/tools/kb-import';
import { fetchKb } from '../../src/tools/kb-fetch';
import { TEACH_GLOBAL, type TeachModule } from '../../src/background/teach/teach-module';
import { teachHandlers, teachView } from '../../src/background/teach/teach-handlers';
import { SAVED_REPLIES_GLOBAL, type SavedRepliesModule } from '../../src/background/pages/saved-replies-module';
import { savedReplyHandlers } from '../../src/background/pages/saved-reply-handlers';
import { registerContentPart } from '../../src/sites/content-parts';
import { readableModule } from '../../src/sites/adapters/generic-readable';
import { createTeachMode } from '../../src/content/teach-content';
import { highlightRecipe } from '../../src/content/recipe-highlight';
import { checkRecipe } from '../../src/shared/recipe-check';

/**
 * The scripts the extension runs when a feature first needs them, as having run: imported first
 * by a test file whose code reaches one (test/fakes/browser-setup.ts leaves guards that say so).
 * - the worker's lazy scripts (src/background/lazy-script.ts): the personal data script
 *   (entrypoints/personal-data.ts, which test/background/model/personal-data.test.ts loads the
 *   browser's way), the knowledge base index (test/background/kb/kb-index.test.ts), the model
 *   client, teach mode's and the saved replies' handlers (test/background/lazy-handlers.test.ts);
 * - the content script's parts (entrypoints/page-*.ts), as the background runs them in a tab
 *   that asked (test/background/content-part-handlers.test.ts).
 */

/** What entrypoints/personal-data.ts sets when it runs. */
export const personalDataScript: PersonalData = { createNumberChecks, createMaskingModel, peopleOfTicket, reviewContacts, detectPersonalData };
/** What entrypoints/kb-index.ts sets when it runs. */
export const kbIndexScriptModule: KbIndexModule = { createKbIndex, parseKbFile, parseKbText, fetchKb };
const modelClientModule: ModelClientModule = { createOpenAIModel, listModels };
const teachModule: TeachModule = { teachHandlers, teachView };
const savedRepliesModule: SavedRepliesModule = { savedReplyHandlers };

const ran: Record<string, unknown> = {
  [PERSONAL_DATA_GLOBAL]: personalDataScript,
  [KB_INDEX_GLOBAL]: kbIndexScriptModule,
  [MODEL_CLIENT_GLOBAL]: modelClientModule,
  [TEACH_GLOBAL]: teachModule,
  [SAVED_REPLIES_GLOBAL]: savedRepliesModule,
};
// Plain values in place of the set-up's guards (defineProperty: a guard is an accessor).
for (const [name, module] of Object.entries(ran)) Object.defineProperty(globalThis, name, { value: module, writable: true, configurable: true, enumerable: true });

// The set-up's registry holds guards; the parts go in a plain one, as in a tab.
(globalThis as Record<string, unknown>).__deskmateContentParts = {};
registerContentPart('readable', readableModule);
registerContentPart('teach', { createTeachMode });
registerContentPart('recipes', { checkRecipe, highlightRecipe });
