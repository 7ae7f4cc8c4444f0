import { SAVED_REPLIES_GLOBAL, type SavedRepliesModule } from '@/src/background/pages/saved-replies-module';
import { savedReplyHandlers } from '@/src/background/pages/saved-reply-handlers';

/**
 * The saved replies' handlers, kept out of background.js: the background runs this script at the
 * first message about saved replies (src/background/pages/saved-replies-script.ts).
 */
export default defineUnlistedScript(() => {
  const module: SavedRepliesModule = { savedReplyHandlers };
  (globalThis as Record<string, unknown>)[SAVED_REPLIES_GLOBAL] = module;
});
