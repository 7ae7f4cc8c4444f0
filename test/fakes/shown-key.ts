import type { ChatPort, ChatSessions } from '../../src/background/chat/chat-session';

const NAMES_ITS_CONVERSATION = new Set(['chat.send', 'chat.retry', 'chat.action', 'chat.new', 'chat.stop']);

/** The conversation a sidebar opened on the tab now would show: the key of the background's snapshot. */
export async function shownKey(chat: ChatSessions, tabId: number): Promise<string> {
  let key: string | undefined;
  const port: ChatPort = { postMessage: (m) => void (m.type === 'chat.snapshot' && (key ??= m.key)) };
  await chat.receive(port, { type: 'chat.open', tabId });
  chat.disconnect(port);
  if (key === undefined) throw new Error(`tab ${tabId} shows no conversation`);
  return key;
}

/**
 * A chat message as the sidebar sends it: a send, retry, quick action, Stop or New chat names the
 * conversation the sidebar shows, which it has from the background's snapshot. A message that
 * names one already, or needs none, is left as it is.
 */
export async function asSidebarSends<M>(chat: ChatSessions, message: M): Promise<M> {
  const m = message as { type?: unknown; tabId?: unknown; key?: unknown };
  if (typeof m.type !== 'string' || !NAMES_ITS_CONVERSATION.has(m.type) || m.key !== undefined || typeof m.tabId !== 'number') return message;
  return { ...message, key: await shownKey(chat, m.tabId) };
}
