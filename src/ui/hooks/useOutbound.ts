import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { OutboundTurn } from '../../shared/outbound';
import { errorText } from '../format';

/** What the bound tab's conversation sent to the model, loaded while shown and again after each turn. */
export function useOutbound(tabId: number | null | undefined, shown: boolean, running: boolean) {
  const [turns, setTurns] = useState<OutboundTurn[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!shown || running || typeof tabId !== 'number') return;
    request('outbound.list', { tabId }).then(
      (t) => (setTurns(t), setError(null)),
      (e: unknown) => setError(errorText(e)),
    );
  }, [tabId, shown, running]);
  return { turns, error };
}
