import { applyAgentEvent, type ChatItem } from '../shared/chat-items';
import type { ChatServerMessage, ModelLabel } from '../shared/protocol';

/** The sidebar's copy of one conversation (one tab and ticket). */
export interface ChatState {
  /** The conversation the snapshot named; events for any other key are not ours. */
  key: string | null;
  items: ChatItem[];
  running: boolean;
  model: ModelLabel | null;
  /** The background refused a chat message or failed to handle it. */
  error: string | null;
}

export const EMPTY_CHAT: ChatState = { key: null, items: [], running: false, model: null, error: null };

/**
 * One message from the chat port. A snapshot for the bound tab replaces everything; an
 * event is applied with the background's own reducer, so both sides hold the same items.
 */
export function chatReducer(state: ChatState, message: ChatServerMessage, tabId: number | null | undefined): ChatState {
  switch (message.type) {
    case 'chat.snapshot':
      // A late answer to the chat.open of a tab the sidebar has left.
      if (message.tabId !== tabId) return state;
      return { key: message.key, items: message.items, running: message.running, model: message.model, error: null };
    case 'chat.event':
      if (state.key === null || message.key !== state.key) return state;
      return { ...state, items: applyAgentEvent(state.items, message.event), running: message.event.type !== 'done' };
    case 'chat.error':
      return { ...state, running: false, error: message.message };
  }
}
