import { useEffect, useRef, useState } from 'preact/hooks';
import { request } from '../client';
import { errorText } from '../format';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** The team's instructions on the options page: loaded, edited, saved with a click. */
export function useTeamInstructions() {
  const [text, setText] = useState<string | null>(null);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [managed, setManaged] = useState(false);
  useEffect(() => {
    request('instructions.get', {}).then((r) => (setText(r.team), setManaged(r.managed)), (e: unknown) => setError(errorText(e)));
  }, []);
  const save = async () => {
    if (text === null) return;
    setState('saving');
    try {
      const r = await request('instructions.set', { team: text });
      setState(r.ok ? 'saved' : 'error');
      if (!r.ok && r.error) setError(r.error);
    } catch (e) {
      setError(errorText(e));
      setState('error');
    }
  };
  return { text, state, error, managed, change: (t: string) => (setText(t), setState('idle')), save };
}

const SAVE_AFTER_MS = 400;

/**
 * The context box of the ticket in the bound tab: loaded for each ticket, saved a moment after
 * typing stops (and for that ticket only, even if the tab moves on meanwhile).
 */
export function useTicketContext(tabId: number | null | undefined, site: string | null, ticketKey: string | null) {
  const [text, setText] = useState('');
  const [available, setAvailable] = useState(false);
  const [state, setState] = useState<SaveState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    clearTimeout(timer.current);
    setText('');
    setState('idle');
    setAvailable(false);
    if (typeof tabId !== 'number' || !ticketKey) return;
    // A slow answer for the ticket the tab showed before must not fill this ticket's box.
    let current = true;
    request('ticketContext.get', { tabId }).then(
      (r) => current && (setAvailable(r.available), setText(r.text)),
      () => current && setAvailable(false),
    );
    return () => {
      current = false;
    };
  }, [tabId, site, ticketKey]);
  const change = (next: string) => {
    setText(next);
    setState('saving');
    clearTimeout(timer.current);
    if (typeof tabId !== 'number' || !ticketKey || !site) return;
    timer.current = setTimeout(() => {
      request('ticketContext.set', { tabId, site, ticketKey, text: next }).then(
        (r) => setState(r.ok ? 'saved' : 'error'),
        () => setState('error'),
      );
    }, SAVE_AFTER_MS);
  };
  return { text, available, state, change };
}
