import { registerContentPart } from '@/src/sites/content-parts';
import { readableModule } from '@/src/sites/adapters/generic-readable';

/**
 * Readability, kept out of the content script every page loads: the background runs this script
 * in the tab's top frame the first time a page is read (src/background/pages/content-part-handlers.ts).
 */
export default defineUnlistedScript(() => registerContentPart('readable', readableModule));
