import { useState } from 'preact/hooks';
import type { Chat } from './useChat';
import { setupNeed, useSetup, type Setup } from './useSetup';

/**
 * What the sidebar's header and menu control about the chat: whether the model answers (the
 * header's status, the setup card, the quick actions), the "Sent to model" view, and New chat,
 * which asks first when it would discard drafts and the agent's edits of them.
 */
export interface ChatChrome {
  setup: Setup;
  /** The setup card, the demo's reminder, or nothing. */
  need: 'setup' | 'demo' | null;
  /** A model answered the last check: the quick actions are on. */
  answers: boolean;
  /** The chat's first so many model errors are out of date: a check begun after them found the model answering. */
  staleErrors: number;
  outbound: boolean;
  toggleOutbound(): void;
  closeOutbound(): void;
  /** New chat is waiting for the agent's yes or no. */
  asking: boolean;
  newChat(): void;
  answerNewChat(yes: boolean): void;
}

export function useChatChrome(chat: Chat): ChatChrome {
  // Checked again after each model error: the card then says what is wrong and how to fix it.
  const setup = useSetup(chat.items.filter((item) => item.kind === 'error').length);
  const [outbound, setOutbound] = useState(false);
  const [asking, setAsking] = useState(false);
  const hasDrafts = chat.items.some((item) => item.kind === 'draft');
  return {
    setup,
    need: setupNeed(setup.status),
    answers: setup.status?.connection.ok === true,
    staleErrors: setup.status?.connection.ok === true ? setup.checkedAfter : 0,
    outbound,
    toggleOutbound: () => setOutbound(!outbound),
    closeOutbound: () => setOutbound(false),
    asking,
    newChat: () => (hasDrafts ? setAsking(true) : chat.newChat()),
    answerNewChat(yes) {
      setAsking(false);
      if (yes) chat.newChat();
    },
  };
}
