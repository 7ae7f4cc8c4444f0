import { useMemo } from 'preact/hooks';
import { request } from '../client';
import { useLoad } from './useLoad';

const NONE: ReadonlySet<string> = new Set();

/** The link keys that open in one click for the bound tab (see `links.trusted`); none until known. */
export function useTrustedLinks(tabId: number | null | undefined, origin: string | null): ReadonlySet<string> {
  const { value } = useLoad(
    tabId === null || tabId === undefined ? null : () => request('links.trusted', { tabId }),
    // The knowledge base changed (an import, a sync): its links are what is trusted.
    (m) => m.type === 'settings.changed' || (m.type === 'view.changed' && (m.tabId === null || m.tabId === tabId)),
    [tabId, origin],
  );
  const keys = value?.keys.join('\n') ?? '';
  // A new set only when the keys change: every message re-renders its markdown on a new one.
  return useMemo(() => (keys ? new Set(keys.split('\n')) : NONE), [keys]);
}
