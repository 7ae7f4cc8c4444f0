import { fakeBrowser } from 'wxt/testing';
import type { ChatPort, ChatSessions } from '../../src/background/chat/chat-session';
import type { ChatClientMessage, ChatServerMessage } from '../../src/shared/chat-protocol';

type Listener = (message: unknown) => void;

/**
 * The sidebar's chat port for UI tests (WXT's fake browser has no `runtime.connect`). Given
 * the background's chat sessions, the sidebar talks to them; without, the test reads `sent`
 * and answers with `emit`. Messages are copied and arrive on a later task, as on a real port.
 */
export function installChatPort(chat?: ChatSessions) {
  const sent: ChatClientMessage[] = [];
  let listeners = new Set<Listener>();
  let onDisconnect = new Set<() => void>();
  let connects = 0;
  const later = (f: () => void) => void setTimeout(f, 0);
  const server: ChatPort = {
    postMessage(message: ChatServerMessage) {
      const copy = structuredClone(message);
      const to = listeners;
      later(() => to.forEach((l) => l(copy)));
    },
  };

  fakeBrowser.runtime.connect = (() => {
    const mine = new Set<Listener>();
    const gone = new Set<() => void>();
    listeners = mine;
    onDisconnect = gone;
    connects++;
    return {
      name: 'chat',
      postMessage(message: ChatClientMessage) {
        const copy = structuredClone(message);
        sent.push(copy);
        if (chat) later(() => chat.receive(server, copy));
      },
      onMessage: { addListener: (l: Listener) => mine.add(l), removeListener: (l: Listener) => mine.delete(l) },
      onDisconnect: { addListener: (l: () => void) => gone.add(l), removeListener: (l: () => void) => gone.delete(l) },
      disconnect() {
        mine.clear();
        chat?.disconnect(server);
      },
    };
  }) as unknown as typeof fakeBrowser.runtime.connect;

  return {
    sent,
    emit: (message: ChatServerMessage) => server.postMessage(message),
    /** How many times the sidebar connected. */
    connects: () => connects,
    /** The worker stopped: the open port disconnects, as Chrome does to the page's end. */
    stopWorker() {
      const fire = onDisconnect;
      listeners = new Set();
      onDisconnect = new Set();
      chat?.disconnect(server);
      fire.forEach((l) => l());
    },
  };
}
