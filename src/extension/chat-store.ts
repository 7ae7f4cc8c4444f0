import { browser } from 'wxt/browser';
import type { ChatMessage } from '../core';
import type { ChatItem } from './chat-items';

/** One conversation per tab and ticket. */
export interface Conversation {
  key: string;
  tabId: number;
  ticketKey: string | null;
  /** What the model has been sent and answered, without the system prompt. */
  history: ChatMessage[];
  /** What people see. */
  items: ChatItem[];
  /** A turn was under way when this was stored. */
  running: boolean;
  updatedAt: number;
}

const PREFIX = 'chat:';

export const tabPrefix = (tabId: number): string => `${PREFIX}${tabId}:`;
export const conversationKey = (tabId: number, ticketKey: string | null): string => `${tabPrefix(tabId)}${ticketKey ?? '-'}`;

/**
 * Conversations live in storage.session: they survive the worker being stopped and the
 * sidebar being closed, and end with the browser session (ticket text is not written to disk).
 */
export const chatStore = {
  async get(key: string): Promise<Conversation | undefined> {
    return (await browser.storage.session.get(key))[key] as Conversation | undefined;
  },
  async put(conversation: Conversation): Promise<void> {
    await browser.storage.session.set({ [conversation.key]: { ...conversation, updatedAt: Date.now() } });
  },
  async remove(key: string): Promise<void> {
    await browser.storage.session.remove(key);
  },
  async removeTab(tabId: number): Promise<void> {
    const all = await browser.storage.session.get(null);
    const keys = Object.keys(all).filter((k) => k.startsWith(tabPrefix(tabId)));
    if (keys.length) await browser.storage.session.remove(keys);
  },
};
