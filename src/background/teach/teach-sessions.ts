import { browser } from 'wxt/browser';
import type { TeachStep } from '../../shared/teach';
import type { TeachDraft } from './teach-recipe';

/**
 * Teach sessions, one per tab, for the site the tab showed when the agent started. They live
 * in storage.session (closed to content scripts: Chrome by access level, Firefox gives them
 * none), so a stopped worker, or the tab moving to the helpdesk's reply page, loses nothing.
 */
export interface TeachSession extends TeachDraft {
  tabId: number;
  /** The step being picked; null once every step has a choice. */
  step: TeachStep | null;
}

const keyOf = (tabId: number) => `teach:${tabId}`;

export interface TeachSessions {
  get(tabId: number): Promise<TeachSession | null>;
  set(session: TeachSession): Promise<void>;
  drop(tabId: number): Promise<void>;
}

/**
 * Every view of every tab asks for its session, so what was read is kept in memory as well
 * (null for "none"). The background is the only writer of these keys, and a restarted worker
 * starts with nothing in memory, so the copy can never be older than storage. Copies go in
 * and out: a caller's change to a session is not a change until it is `set`.
 */
export function createTeachSessions(): TeachSessions {
  const area = browser.storage.session;
  const known = new Map<number, TeachSession | null>();
  // Counts sets and drops: a read that one overtook is older than memory and is not kept.
  let writes = 0;
  async function get(tabId: number): Promise<TeachSession | null> {
    if (!known.has(tabId)) {
      const before = writes;
      const stored = ((await area.get(keyOf(tabId)))[keyOf(tabId)] as TeachSession | undefined) ?? null;
      if (writes !== before) return get(tabId);
      known.set(tabId, stored);
    }
    const session = known.get(tabId);
    return session ? structuredClone(session) : null;
  }
  return {
    get,
    set(session) {
      writes++;
      known.set(session.tabId, structuredClone(session));
      return area.set({ [keyOf(session.tabId)]: session });
    },
    drop(tabId) {
      writes++;
      // Forgotten rather than kept as null: a closed tab's id leaves nothing behind.
      known.delete(tabId);
      return area.remove(keyOf(tabId));
    },
  };
}
