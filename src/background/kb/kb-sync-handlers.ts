import { kbUrlOf } from '../../shared/kb-sync';
import { MANAGED_ERROR } from '../../shared/policy';
import { kbUrlItem } from '../storage/items';
import type { KbSync } from './kb-sync';
import { managedPolicy } from '../access/policy';
import type { Handlers } from '../router';

/**
 * The knowledge base at a URL: extension pages only (the router enforces it), so no web page
 * can point the team's knowledge base elsewhere or make the background fetch.
 */
export function kbSyncHandlers(sync: KbSync): Pick<Handlers, 'kbUrl.get' | 'kbUrl.set' | 'kbUrl.sync'> {
  return {
    'kbUrl.get': () => sync.view(),
    async 'kbUrl.set'({ url }) {
      // Checked here, not only in the form: the policy's URL cannot be replaced by a message.
      if ((await managedPolicy.get()).knowledgeBaseUrl) return { ok: false, error: MANAGED_ERROR, managed: true };
      const checked = kbUrlOf(url);
      if (checked === null) return { ok: false, error: 'Not an http(s) URL.' };
      await kbUrlItem.set(checked);
      return { ok: true, view: await sync.run() };
    },
    'kbUrl.sync': () => sync.run(),
  };
}
