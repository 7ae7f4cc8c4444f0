import type { Sender } from '../router';
import type { Services } from '../services';
import type { TeachSession } from './teach-sessions';

/** The teach session of a content script's own tab, when it is for the script's own site. */
export async function ownSession(s: Services, sender: Sender): Promise<TeachSession | null> {
  if (sender.tabId === undefined || !sender.origin) return null;
  const session = await s.teach.get(sender.tabId);
  return session && session.site === sender.origin ? session : null;
}
