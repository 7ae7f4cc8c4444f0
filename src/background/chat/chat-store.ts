import { browser } from 'wxt/browser';
import type { ChatMessage } from '../../core';
import type { ChatItem } from '../../shared/chat-items';
import { storedKeys } from '../storage/session-keys';

/** One conversation per tab, site and ticket. */
export interface Conversation {
  key: string;
  tabId: number;
  /** The site (origin) the conversation belongs to; null when the tab's origin is not known. */
  site?: string | null;
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
/**
 * A conversation belongs to a site and a ticket: ticket 7 on one helpdesk and ticket 7 on
 * another are two conversations, so what was read on one never goes to the model on the other.
 * An origin has no space, so the first space parts the two.
 */
export const conversationKey = (tabId: number, site: string | null, ticketKey: string | null): string =>
  `${tabPrefix(tabId)}${site ?? '-'} ${ticketKey ?? '-'}`;

/**
 * The head of a stored conversation: every field but the two lists, which are stored one
 * record per entry (`<key>#h<n>`, `<key>#i<n>`) so that a step writes only what it changed.
 */
type Head = Omit<Conversation, 'history' | 'items'> & { historyLength: number; itemsLength: number };

const historyKey = (key: string, n: number) => `${key}#h${n}`;
const itemKey = (key: string, n: number) => `${key}#i${n}`;
const range = (from: number, to: number) => Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/**
 * What was last written (or read) per conversation, by identity: messages and items are never
 * changed in place (a change is a new object), so a step compares pointers, not the JSON of a
 * conversation that grows with every question.
 */
interface Written {
  history: ChatMessage[];
  items: ChatItem[];
}

function createChatStore() {
  const area = browser.storage.session;
  const written = new Map<string, Written>();

  async function readHead(key: string): Promise<Head | undefined> {
    return (await area.get(key))[key] as Head | undefined;
  }

  return {
    async get(key: string): Promise<Conversation | undefined> {
      const head = await readHead(key);
      if (!head) return undefined;
      const hKeys = range(0, head.historyLength).map((n) => historyKey(key, n));
      const iKeys = range(0, head.itemsLength).map((n) => itemKey(key, n));
      const records = hKeys.length + iKeys.length ? await area.get([...hKeys, ...iKeys]) : {};
      const { historyLength: _h, itemsLength: _i, ...rest } = head;
      const conversation: Conversation = {
        ...rest,
        history: hKeys.map((k) => records[k] as ChatMessage),
        items: iKeys.map((k) => records[k] as ChatItem),
      };
      written.set(key, { history: [...conversation.history], items: [...conversation.items] });
      return conversation;
    },

    /** Writes the records that changed since the last put or get, and drops those past the end. */
    async put(conversation: Conversation): Promise<void> {
      const { key, history, items, ...fields } = conversation;
      const before = written.get(key) ?? { history: [], items: [] };
      const changes: Record<string, unknown> = {};
      history.forEach((m, n) => {
        if (before.history[n] !== m) changes[historyKey(key, n)] = m;
      });
      items.forEach((item, n) => {
        if (before.items[n] !== item) changes[itemKey(key, n)] = item;
      });
      const head: Head = { ...fields, key, updatedAt: Date.now(), historyLength: history.length, itemsLength: items.length };
      changes[key] = head;
      const stale = [
        ...range(history.length, before.history.length).map((n) => historyKey(key, n)),
        ...range(items.length, before.items.length).map((n) => itemKey(key, n)),
      ];
      written.set(key, { history: [...history], items: [...items] });
      // Both calls are made at once, before any await: the browser applies an extension's
      // storage calls in order, so a later put's records are never removed by this one.
      await Promise.all([area.set(changes), stale.length ? area.remove(stale) : undefined]);
    },

    async remove(key: string): Promise<void> {
      written.delete(key);
      const head = await readHead(key);
      const records = head
        ? [...range(0, head.historyLength).map((n) => historyKey(key, n)), ...range(0, head.itemsLength).map((n) => itemKey(key, n))]
        : [];
      await area.remove([key, ...records]);
    },

    /** The keys of every stored conversation of a tab (its heads, not their records). */
    async keysOf(tabId: number): Promise<string[]> {
      const prefix = tabPrefix(tabId);
      return (await storedKeys(area)).filter((k) => k.startsWith(prefix) && !/#[hi]\d+$/.test(k));
    },

    async removeTab(tabId: number): Promise<void> {
      const prefix = tabPrefix(tabId);
      for (const key of written.keys()) if (key.startsWith(prefix)) written.delete(key);
      const keys = (await storedKeys(area)).filter((k) => k.startsWith(prefix));
      if (keys.length) await area.remove(keys);
    },
  };
}

/**
 * Conversations live in storage.session: they survive the worker being stopped and the
 * sidebar being closed, and end with the browser session (ticket text is not written to disk).
 */
export const chatStore = createChatStore();
