import { applyAgentEvent, stampDrafts, type ChatItem } from '../shared/chat-items';
import type { ChatServerMessage, ModelLabel } from '../shared/chat-protocol';
import type { TicketRef } from '../shared/ticket';
import { t } from './i18n';

/** The sidebar's copy of one conversation (one tab and ticket). */
export interface ChatState {
  /** The conversation the snapshot named; events for any other key are not ours. */
  key: string | null;
  /** The site and ticket the conversation belongs to. */
  home: TicketRef | null;
  items: ChatItem[];
  running: boolean;
  model: ModelLabel | null;
  /** The background refused a chat message or failed to handle it. */
  error: string | null;
  /** The tab's next page loads: what is shown stays until the page is known (a snapshot ends it). */
  waiting?: boolean;
  /**
   * A question of the conversation `key` refused while the next page loaded: it waits for that
   * page in the box (the chat box asks it there if it is the same conversation). `seq` tells one
   * refusal from the next.
   */
  held?: { key: string; seq: number };
}

export const EMPTY_CHAT: ChatState = { key: null, home: null, items: [], running: false, model: null, error: null };

/**
 * One message from the chat port. A snapshot for the bound tab replaces everything; an
 * event is applied with the background's own reducer, so both sides hold the same items.
 */
export function chatReducer(state: ChatState, message: ChatServerMessage, tabId: number | null | undefined): ChatState {
  switch (message.type) {
    case 'chat.snapshot':
      // A late answer to the chat.open of a tab the sidebar has left.
      if (message.tabId !== tabId) return state;
      // A held question's refusal stays known: the chat box may not have seen it yet.
      return { key: message.key, home: message.home, items: message.items, running: message.running, model: message.model, error: null, ...(state.held ? { held: state.held } : {}) };
    case 'chat.patch':
      // Not ours, or a patch of a copy this sidebar does not hold (useChat opens it again).
      if (!patchFits(state, message)) return state;
      return { ...state, items: [...state.items.slice(0, message.from), ...message.items], running: message.running, model: message.model, error: null };
    case 'chat.event': {
      if (state.key === null || message.key !== state.key) return state;
      const items = applyAgentEvent(state.items, message.event);
      // Stamped with the conversation's ticket as the background stamps it.
      const stamped = message.event.type === 'draft_proposed' && state.home ? stampDrafts(items, state.home) : items;
      const running = message.event.type !== 'done';
      // The same state when nothing changed: the sidebar does not render again for it.
      if (stamped === state.items && running === state.running) return state;
      return { ...state, items: stamped, running };
    }
    case 'chat.error':
      return { ...state, running: false, error: message.message };
    case 'chat.waiting':
      return message.tabId !== tabId || state.waiting ? state : { ...state, waiting: true };
    case 'chat.refused':
      if (message.loading) {
        const held = { key: message.key, seq: (state.held?.seq ?? 0) + 1 };
        return { ...state, running: message.key === state.key ? false : state.running, waiting: true, held };
      }
      // Said wherever the sidebar is now: the tab moved on, and the sidebar may show its new page already.
      return { ...state, running: message.key === state.key ? false : state.running, error: t(message.text !== undefined ? 'chat_refused_question' : 'chat_refused_action') };
    case 'typed.saved':
      // The page's keeper of typed text takes these (useChat).
      return state;
  }
}

/** Whether a patch applies to this copy: the same conversation, holding at least the items it leaves alone. */
export const patchFits = (state: ChatState, patch: Extract<ChatServerMessage, { type: 'chat.patch' }>): boolean =>
  state.key !== null && patch.key === state.key && patch.from <= state.items.length;
