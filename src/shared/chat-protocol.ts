import type { AgentEvent, JsonSchema } from '../core';
import { QUICK_ACTIONS, type QuickAction } from '../core/quick-actions';
import type { ChatItem } from './chat-items';
import type { TicketRef } from './ticket';
import type { TypedSave, TypedSaved } from './typed';

const tabId = { type: 'integer', minimum: 0 } as const;

/** The sidebar's chat port (`runtime.connect({ name: CHAT_PORT })`): sidebar -> background. */
export const CHAT_PORT = 'chat';

export type ChatClientMessage =
  | { type: 'chat.open'; tabId: number }
  /**
   * `key` on a send, a retry, a quick action and New chat: the conversation the sidebar showed
   * when the agent acted. The tab's page may have changed since; then nothing runs (`chat.refused`).
   */
  | { type: 'chat.send'; tabId: number; key: string; text: string }
  /** Stops the turn of `key`, the conversation the sidebar showed running, wherever the tab is now. */
  | { type: 'chat.stop'; tabId: number; key: string }
  | { type: 'chat.new'; tabId: number; key: string }
  | { type: 'chat.retry'; tabId: number; key: string }
  /** "Use as draft" on an assistant message: it becomes a draft card. */
  | { type: 'chat.draft'; tabId: number; itemId: string; text: string }
  /** A quick action, with the current draft for the rewrites. */
  | { type: 'chat.action'; tabId: number; key: string; action: QuickAction; draft?: string }
  /** The agent acknowledges the warning on a draft (by its call id) written under attack. */
  | { type: 'chat.ack'; tabId: number; callId: string }
  /** What the agent typed into a field (a draft's edit among them): see typed.ts. */
  | TypedSave
  /** The agent goes back to an earlier version (its index in the draft's history) of a draft in the conversation `key`. */
  | { type: 'chat.restore'; tabId: number; key: string; callId: string; version: number };

/** Background -> sidebar over the chat port. */
export type ChatServerMessage =
  /** `home`: the site and ticket the conversation (and so each of its drafts) belongs to. */
  | { type: 'chat.snapshot'; tabId: number; key: string; home: TicketRef; items: ChatItem[]; running: boolean; model: ModelLabel }
  /**
   * What changed since the last snapshot, patch or event the conversation's sidebars got: its
   * items from `from` on (those before it are unchanged). Sent instead of a snapshot to the
   * sidebars that follow the conversation, so a turn's start costs the same at its hundredth question.
   */
  | { type: 'chat.patch'; key: string; from: number; items: ChatItem[]; running: boolean; model: ModelLabel }
  | { type: 'chat.event'; key: string; event: AgentEvent; sentAt: number }
  | { type: 'chat.error'; message: string }
  /**
   * A send, retry, quick action or New chat for the conversation `key`, which the tab no longer
   * shows (it moved to another ticket or page before the message came): nothing ran. A refused
   * question is back in that conversation's box (`text`). `loading`: the tab's next page was
   * still loading as the background answered; the sidebar waits for it, as for a question asked
   * while it loads (`chat.waiting`), and asks again if it is the same conversation.
   */
  | { type: 'chat.refused'; key: string; text?: string; loading?: true }
  /**
   * The answer to an open while the tab's next page loads (it has not announced itself and not
   * finished loading): the sidebar keeps the conversation it shows, and a question waits, until
   * the page is known and a snapshot follows.
   */
  | { type: 'chat.waiting'; tabId: number }
  | TypedSaved;

export interface ModelLabel {
  name: string;
  /** The offline demo model: labelled as such in the UI. */
  demo: boolean;
  /** Personal data is masked before requests leave (the settings or the policy say so): shown in the UI. */
  masked: boolean;
}

export const CHAT_SCHEMA = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['chat.open', 'chat.send', 'chat.stop', 'chat.new', 'chat.retry', 'chat.draft', 'chat.action', 'chat.ack', 'chat.restore'] },
    action: { type: 'string', enum: [...QUICK_ACTIONS] },
    draft: { type: 'string', maxLength: 20_000 },
    tabId,
    text: { type: 'string', minLength: 1, maxLength: 20_000 },
    itemId: { type: 'string', minLength: 1, maxLength: 64 },
    callId: { type: 'string', minLength: 1, maxLength: 256 },
    key: { type: 'string', minLength: 1, maxLength: 2_048 },
    version: { type: 'integer', minimum: 0, maximum: 100 },
  },
  required: ['type', 'tabId'],
  // What runs, stops or clears a turn names the conversation the agent saw.
  allOf: [{ if: { properties: { type: { enum: ['chat.send', 'chat.retry', 'chat.action', 'chat.new', 'chat.stop'] } } }, then: { required: ['key'] } }],
  additionalProperties: false,
} as JsonSchema;
