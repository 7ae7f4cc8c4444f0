import type { DraftSource } from '../core';
import type { QuickAction } from '../core/quick-actions';

/**
 * The draft's types, apart from the chat's items and the functions over versions so that
 * neither of those two imports the other in a circle.
 */

/** What made a version: a proposal, an action that rewrote the draft, an answer used as the draft, or going back. */
export type DraftMade = 'proposal' | 'answer' | 'note' | 'restored' | Extract<QuickAction, 'shorter' | 'friendlier' | 'formal' | 'translate_draft'>;

/** A draft as it stood before something changed it: the text as the agent had it then. */
export interface DraftVersion {
  text: string;
  subject?: string;
  sources?: DraftSource[];
  droppedSources?: string[];
  made: DraftMade;
  /** The call (or answer) that wrote it. */
  callId: string;
  /** The agent had edited it. */
  edited?: true;
  /** It was written in a turn that tried forbidden tools and had not been acknowledged. */
  warned?: string[];
}

/**
 * The ticket's draft: a reply the assistant proposed (or, `audience: 'note'`, an internal note).
 * A conversation has one of each at most (draft-versions.ts): a rewrite changes it in place and
 * keeps what it read before in `history`. `body` is the model's text of the current version;
 * `text` is the agent's edit of it, kept here (in the background, with the conversation) so that
 * a reloaded page, a reopened sidebar or a restarted worker shows the edit, and Send… confirms it.
 * `callId` names the draft for good (its first proposal); `versionCallId` the call that wrote the
 * current version. `site` and `ticket` name the ticket it was written for: it sends there only.
 * `sends`: the confirmations its Send… opened, oldest first.
 */
export interface DraftItem {
  id: string;
  kind: 'draft';
  callId: string;
  body: string;
  audience?: 'note';
  made?: DraftMade;
  versionCallId?: string;
  /** Earlier versions, oldest first. */
  history?: DraftVersion[];
  subject?: string;
  warned?: string[];
  acknowledged?: boolean;
  /**
   * `sources`: the knowledge-base articles it cites that the conversation's results hold;
   * `droppedSources`: cited ids the knowledge base never returned.
   */
  sources?: DraftSource[];
  droppedSources?: string[];
  text?: string;
  site?: string | null;
  ticket?: string | null;
  sends?: string[];
}
