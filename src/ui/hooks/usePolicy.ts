import { request } from '../client';
import type { PolicyView } from '../../shared/policy';
import { useLoad } from './useLoad';

/** What the organisation's policy sets, to show as such; loaded again when the background says settings changed. */
export function usePolicy(): PolicyView | null {
  return useLoad(() => request('policy.get', {}), (m) => m.type === 'settings.changed' || (m.type === 'view.changed' && m.tabId === null), []).value;
}
