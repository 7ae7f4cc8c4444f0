import { defineLazyScript } from '../lazy-script';
import { lazyHandlers } from '../lazy-handlers';
import type { Handlers } from '../router';
import { humanCtx, type Services } from '../services';
import { savedRepliesItem } from '../storage/items';
import { SAVED_REPLIES_GLOBAL, SAVED_REPLY_REQUESTS, type SavedRepliesModule } from './saved-replies-module';

/** Built from entrypoints/saved-replies.ts, beside background.js; kept at install (host.ts). */
export const savedRepliesScript = defineLazyScript<SavedRepliesModule>('/saved-replies.js', SAVED_REPLIES_GLOBAL, 'saved replies');

/**
 * Saved replies: extension pages only (the router enforces it). `typedSettled` resolves once the
 * typed text received so far is stored: the agent's name is typed text, so a read waits for it.
 */
export function savedRepliesHandlers(s: Services, typedSettled: () => Promise<void>): Pick<Handlers, 'savedReplies.get' | (typeof SAVED_REPLY_REQUESTS)[number]> {
  return {
    // Every sidebar asks for the list as it opens: answered here, without the script.
    async 'savedReplies.get'() {
      await typedSettled();
      return savedRepliesItem.get();
    },
    ...lazyHandlers(savedRepliesScript, SAVED_REPLY_REQUESTS, (m) => m.savedReplyHandlers(s, { item: savedRepliesItem, humanCtx })),
  };
}
