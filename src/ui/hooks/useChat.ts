import { useEffect, useRef, useState } from 'preact/hooks';
import { connectChat, onBroadcast } from '../client';
import type { QuickAction } from '../../core/quick-actions';
import type { ChatClientMessage } from '../../shared/chat-protocol';
import { chatReducer, EMPTY_CHAT, patchFits, type ChatState } from '../chat-state';
import type { TypedField, UnsentField } from '../../shared/typed';
import { flushTypedOnLeave, typed } from '../typed';

export interface Chat extends ChatState {
  send(text: string): void;
  stop(): void;
  retry(): void;
  newChat(): void;
  /** "Use as draft" on an assistant message. */
  useAsDraft(itemId: string, text: string): void;
  /** A quick action; the rewrites take the current draft. */
  action(action: QuickAction, draft?: string): void;
  /** The agent acknowledges the warning on a draft written while the assistant tried forbidden tools. */
  acknowledge(callId: string): void;
  /** Where the agent's edit of a draft is kept (null: no conversation yet). */
  draftField(callId: string): TypedField | null;
  /** Where the chat box's text is kept until it is sent. */
  questionField: UnsentField | null;
  /** Where it is kept while the conversation is not known yet: the tab's conversation, placed by the background. */
  questionEarly: TypedField | null;
  /** Back to an earlier version of a draft (its index in the draft's history); the background's snapshot shows it. */
  restore(callId: string, version: number): void;
  /** Asks for a fresh snapshot (e.g. after the model settings changed). */
  reopen(): void;
  /** The agent is writing a message: reconnects now if the worker was stopped, not at the send. */
  wake(): void;
}

/**
 * The conversation of the bound tab and its ticket, over the chat port. It is opened again
 * when the tab changes, when the background says the tab's page changed (another ticket
 * is another conversation), and after the port reconnects to a restarted worker.
 */
export function useChat(tabId: number | null | undefined): Chat {
  const [state, setState] = useState<ChatState>(EMPTY_CHAT);
  const tab = useRef(tabId);
  const port = useRef<ReturnType<typeof connectChat> | null>(null);

  // Text typed before goes out first, on the same port: the background applies it before the message.
  const post = (make: (tabId: number) => ChatClientMessage) => {
    const id = tab.current;
    if (typeof id !== 'number') return;
    void typed.flush();
    port.current?.send(make(id));
  };
  // Waiting for the answer to the last chat.open (a snapshot of the bound tab), and whether a turn runs.
  const opening = useRef(false);
  const running = useRef(false);
  running.current = state.running;
  // Ports lost in a row with nothing heard between: a worker that dies as it starts is not woken forever.
  const lostInARow = useRef(0);
  const open = () => {
    if (typeof tab.current === 'number') opening.current = true;
    post((id) => ({ type: 'chat.open', tabId: id }));
  };

  useEffect(() => {
    const chat = connectChat(
      (m) => {
        lostInARow.current = 0;
        if ((m.type === 'chat.snapshot' || m.type === 'chat.waiting') && m.tabId === tab.current) opening.current = false;
        // In the port's order: an answer to a save, then a snapshot newer than it.
        if (m.type === 'typed.saved') return typed.answered(m);
        // Not asked: back in its own conversation's box, before what was typed there since.
        if (m.type === 'chat.refused' && m.text !== undefined) {
          const field = { kind: 'question', key: m.key } as const;
          const since = typed.shown(field, '').trim();
          typed.type(field, since && since !== m.text ? `${m.text}\n\n${since}` : m.text);
        }
        if (m.type === 'chat.snapshot' || m.type === 'chat.patch') {
          const id = m.type === 'chat.snapshot' ? m.tabId : tab.current;
          for (const item of m.items) if (item.kind === 'draft' && typeof id === 'number') typed.heard({ kind: 'draft', tabId: id, key: m.key, callId: item.callId });
        }
        setState((s) => {
          // A patch for a copy this sidebar does not hold (it missed what came before): the whole conversation again.
          if (m.type === 'chat.patch' && m.key === s.key && !patchFits(s, m)) queueMicrotask(open);
          return chatReducer(s, m, tab.current);
        });
      },
      open,
      () => {
        typed.lost();
        // The worker stopped with an answer still owed to this sidebar (its conversation, or the
        // end of a running turn): connected again at once, so the sidebar neither shows nothing
        // nor a turn that no longer runs until the agent acts.
        if ((opening.current || running.current) && ++lostInARow.current <= 3) chat.wake();
      },
    );
    port.current = chat;
    typed.connect({ send: chat.send });
    const stop = flushTypedOnLeave();
    // New model settings: a fresh snapshot names the model that answers now.
    const off = onBroadcast((m) => (m.type === 'settings.changed' || (m.type === 'view.changed' && m.tabId !== null && m.tabId === tab.current)) && open());
    return () => {
      off();
      stop();
      void typed.flush();
      chat.close();
      port.current = null;
    };
  }, []);

  useEffect(() => {
    tab.current = tabId;
    setState(EMPTY_CHAT);
    open();
  }, [tabId]);

  const draftField = (callId: string): TypedField | null =>
    typeof tab.current === 'number' && state.key !== null ? { kind: 'draft', tabId: tab.current, key: state.key, callId } : null;
  const questionField: UnsentField | null = state.key !== null ? { kind: 'question', key: state.key } : null;
  const questionEarly: TypedField | null = typeof tabId === 'number' ? { kind: 'tabQuestion', tabId } : null;

  return {
    ...state,
    draftField,
    questionField,
    questionEarly,
    send(text) {
      const key = state.key;
      if (state.running || !text.trim() || key === null) return;
      // Running at once: the background's snapshot follows, and a second Enter must not send twice.
      setState((s) => ({ ...s, running: true, error: null }));
      post((id) => ({ type: 'chat.send', tabId: id, key, text }));
    },
    stop() {
      const key = state.key;
      // Also a way out should the background never answer; its next event says the truth.
      setState((s) => ({ ...s, running: false }));
      if (key !== null) post((id) => ({ type: 'chat.stop', tabId: id, key }));
    },
    // Each names the conversation shown: the background refuses it if the tab has moved on since.
    retry() {
      const key = state.key;
      if (key !== null) post((id) => ({ type: 'chat.retry', tabId: id, key }));
    },
    newChat() {
      const key = state.key;
      if (key !== null) post((id) => ({ type: 'chat.new', tabId: id, key }));
    },
    action(action, draft) {
      const key = state.key;
      if (state.running || key === null) return;
      setState((s) => ({ ...s, running: true, error: null }));
      post((id) => ({ type: 'chat.action', tabId: id, key, action, ...(draft ? { draft: draft.slice(0, 20_000) } : {}) }));
    },
    useAsDraft: (itemId, text) => post((id) => ({ type: 'chat.draft', tabId: id, itemId, text: text.slice(0, 20_000) })),
    acknowledge: (callId) => post((id) => ({ type: 'chat.ack', tabId: id, callId })),
    restore(callId, version) {
      const key = state.key;
      if (key !== null) post((id) => ({ type: 'chat.restore', tabId: id, key, callId, version }));
    },
    reopen: open,
    wake: () => port.current?.wake(),
  };
}
