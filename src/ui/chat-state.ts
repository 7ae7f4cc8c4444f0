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
      return { key: message.key, home: message.home, items: message.items, running: message.running, model: message.model, error: null };
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
    case 'chat.refused':
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
