import { request } from '../client';
import type { ViewState } from '../../shared/protocol';
import { useLoad } from './useLoad';

/**
 * What the background knows of a tab: page, tools, site switches, open confirmations.
 * Loaded again when it says the tab or the site settings changed, and on every audit
 * change: prepares, confirms and cancels change the list of open confirmations.
 */
export function useView(tabId: number | null | undefined): { view: ViewState | null; error: string | null } {
  const { value, error } = useLoad(
    tabId === null || tabId === undefined ? null : () => request('view.get', { tabId }),
    (m) => m.type === 'audit.changed' || (m.type === 'view.changed' && (m.tabId === null || m.tabId === tabId)),
    [tabId],
  );
  return { view: value, error };
}
