import { instructionsStore, ticketId } from './instructions-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { sameTicket } from '../../shared/ticket';
import { MANAGED_ERROR } from '../../shared/policy';
import { managedPolicy } from '../access/policy';

type InstructionsHandlers = Pick<Handlers, 'instructions.get' | 'instructions.set' | 'ticketContext.get' | 'ticketContext.set'>;

/** Extension pages only (the router enforces it); the ticket is the one the background knows the tab shows. */
export function instructionsHandlers(services: Services): InstructionsHandlers {
  const ticketOf = (tabId: number): string | null => {
    const page = services.pages.get(tabId);
    return page?.ticket?.key ? ticketId(page.origin, page.ticket.key) : null;
  };
  return {
    'instructions.get': async () => ({ team: await instructionsStore.team(), managed: (await managedPolicy.get()).teamInstructions !== null }),
    async 'instructions.set'({ team }) {
      if ((await managedPolicy.get()).teamInstructions !== null) return { ok: false, error: MANAGED_ERROR, managed: true };
      await instructionsStore.setTeam(team);
      return { ok: true };
    },
    async 'ticketContext.get'({ tabId }) {
      const id = ticketOf(tabId);
      return id ? { available: true, text: await instructionsStore.ticket(id) } : { available: false, text: '' };
    },
    async 'ticketContext.set'({ tabId, text, site, ticketKey }) {
      const id = ticketOf(tabId);
      const page = services.pages.get(tabId);
      // Typed for one ticket, stored for that one: not for the ticket the tab has moved on to,
      // nor for the same ticket id on another helpdesk.
      if (!id || !page || !sameTicket({ site: page.origin, ticket: page.ticket?.key ?? null }, { site, ticket: ticketKey })) return { ok: false };
      await instructionsStore.setTicket(id, text);
      return { ok: true };
    },
  };
}
