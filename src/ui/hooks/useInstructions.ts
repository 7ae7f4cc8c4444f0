import { useEffect, useState } from 'preact/hooks';
import { request } from '../client';
import type { TypedField } from '../../shared/typed';
import { errorText } from '../format';
import { typed } from '../typed';
import type { TypedState } from '../typed-keeper';
import { useTyped } from './useTyped';

export type SaveState = TypedState;

const TEAM: TypedField = { kind: 'teamInstructions' };

/**
 * The team's instructions on the options page: loaded, then kept as typed (a turn started
 * anywhere reads what was typed); Save hands it over at once and says when it is kept.
 */
export function useTeamInstructions() {
  const [loaded, setLoaded] = useState<string | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [managed, setManaged] = useState(false);
  useEffect(() => {
    request('instructions.get', {}).then((r) => (setLoaded(r.team), setManaged(r.managed)), (e: unknown) => setLoadError(errorText(e)));
  }, []);
  const team = useTyped(loaded === null ? null : TEAM, loaded ?? '');
  return {
    text: loaded === null ? null : team.text,
    state: team.state,
    error: loadError ?? team.error,
    managed,
    change: team.type,
    save: () => typed.flush(),
  };
}

/**
 * The context box of the ticket in the bound tab: loaded for each ticket, and kept as typed for
 * that ticket only, even if the tab moves on before it went out.
 */
export function useTicketContext(tabId: number | null | undefined, site: string | null, ticketKey: string | null) {
  const [loaded, setLoaded] = useState('');
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    setLoaded('');
    setAvailable(false);
    if (typeof tabId !== 'number' || !ticketKey) return;
    // A slow answer for the ticket the tab showed before must not fill this ticket's box.
    let current = true;
    request('ticketContext.get', { tabId }).then(
      (r) => current && (setAvailable(r.available), setLoaded(r.text)),
      () => current && setAvailable(false),
    );
    return () => {
      current = false;
    };
  }, [tabId, site, ticketKey]);
  const field: TypedField | null = site && ticketKey ? { kind: 'ticketContext', site, ticketKey } : null;
  const context = useTyped(field, loaded);
  return { text: context.text, available, state: context.state, change: context.type };
}
