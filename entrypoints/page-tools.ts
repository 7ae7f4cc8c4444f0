import { registerContentPart } from '@/src/sites/content-parts';
import { createToolsPart } from '@/src/sites/tools-part';

/**
 * The adapters' tools (reading, insert, send and its checks, past tickets) and the recipe engine,
 * kept out of the content script every page loads: the background runs this script in the tab's
 * top frame the first time a tool runs there, or a page loads after a post that reloads it
 * (src/background/pages/content-part-handlers.ts).
 */
export default defineUnlistedScript(() => registerContentPart('tools', createToolsPart()));
