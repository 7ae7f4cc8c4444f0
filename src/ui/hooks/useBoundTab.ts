import { useEffect, useState } from 'preact/hooks';
import { watchBoundTab } from '../client';

/** The tab the sidebar serves: `?tab=<id>`, or the active tab of its window. undefined until known. */
export function useBoundTab(): number | null | undefined {
  const [tabId, setTabId] = useState<number | null | undefined>(undefined);
  useEffect(() => watchBoundTab(setTabId), []);
  return tabId;
}
