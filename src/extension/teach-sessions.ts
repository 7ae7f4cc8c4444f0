import { browser } from 'wxt/browser';
import type { TeachStep } from '../shared/teach';
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

export function createTeachSessions(): TeachSessions {
  const area = browser.storage.session;
  return {
    get: async (tabId) => ((await area.get(keyOf(tabId)))[keyOf(tabId)] as TeachSession | undefined) ?? null,
    set: (session) => area.set({ [keyOf(session.tabId)]: session }),
    drop: (tabId) => area.remove(keyOf(tabId)),
  };
}
