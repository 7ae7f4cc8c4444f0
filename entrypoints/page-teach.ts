import { registerContentPart } from '@/src/sites/content-parts';
import { createTeachMode, type TeachPart } from '@/src/content/teach-content';

/**
 * Teach mode's picker and steps, kept out of the content script every page loads: the background
 * runs this script in the tab's top frame when teaching starts there, or a page of a tab with a
 * session loads (src/background/pages/content-part-handlers.ts).
 */
export default defineUnlistedScript(() => {
  const part: TeachPart = { createTeachMode };
  registerContentPart('teach', part);
});
