import { chatStore, tabPrefix, type Conversation } from './chat-store';

type Store = Pick<typeof chatStore, 'get' | 'put' | 'remove' | 'removeTab' | 'keysOf'>;

/**
 * The conversations this worker has read or written, kept in memory, so a turn starts (and a
 * sidebar opens) without a storage round trip. Storage stays the truth across restarts: every
 * change is written through, and a worker the browser stopped starts with nothing kept, so it
 * reads storage again. Made once per worker start (with the chat sessions), never shared by two.
 *
 * Callers change the object they get and then put it, as they did with a copy read from
 * storage; a put that fails forgets the key, so the next read asks storage what is true.
 */
export function createKeptConversations(store: Store = chatStore) {
  /** null: known to hold nothing (removed, or read and absent). */
  const kept = new Map<string, Conversation | null>();

  return {
    async get(key: string): Promise<Conversation | undefined> {
      const known = kept.get(key);
      if (known !== undefined) return known ?? undefined;
      const stored = await store.get(key);
      // A put while storage was read is newer than what was read.
      if (!kept.has(key)) kept.set(key, stored ?? null);
      return kept.get(key) ?? undefined;
    },

    async put(conversation: Conversation): Promise<void> {
      kept.set(conversation.key, conversation);
      try {
        await store.put(conversation);
      } catch (error) {
        if (kept.get(conversation.key) === conversation) kept.delete(conversation.key);
        throw error;
      }
    },

    async remove(key: string): Promise<void> {
      kept.set(key, null);
      try {
        await store.remove(key);
      } catch (error) {
        kept.delete(key);
        throw error;
      }
    },

    async removeTab(tabId: number): Promise<void> {
      for (const key of kept.keys()) if (key.startsWith(tabPrefix(tabId))) kept.set(key, null);
      await store.removeTab(tabId);
    },

    keysOf: (tabId: number): Promise<string[]> => store.keysOf(tabId),
  };
}

export type KeptConversations = ReturnType<typeof createKeptConversations>;
