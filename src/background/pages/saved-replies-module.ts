import type { savedReplyHandlers } from './saved-reply-handlers';

/**
 * What the saved replies script (entrypoints/saved-replies.ts) leaves on the global object when it
 * runs: the handlers of the saved replies, with the check of a saved-replies file and the filling
 * of a template. The background runs it at the first of their messages (saved-replies-script.ts).
 */
export interface SavedRepliesModule {
  savedReplyHandlers: typeof savedReplyHandlers;
}

export const SAVED_REPLIES_GLOBAL = 'deskmateSavedReplies';

/** The messages the script answers; savedReplies.get stays in the worker. */
export const SAVED_REPLY_REQUESTS = ['savedReplies.save', 'savedReplies.import', 'savedReplies.preview', 'savedReplies.run'] as const;
