import { instructionsStore, ticketId } from './instructions-store';
import type { Handlers } from '../router';
import type { Services } from '../services';
import { fieldId, wholeField } from '../../shared/typed';
import { unsentText } from '../typed/unsent-text';
import { managedPolicy } from '../access/policy';

type InstructionsHandlers = Pick<Handlers, 'instructions.get' | 'ticketContext.get' | 'typed.unsent'>;

/**
 * Extension pages only (the router enforces it); the ticket is the one the background knows the
 * tab shows. Each read waits for the typed text saved before it came (`settled`): a page that
 * opens as another closes reads what that one typed last, not the store's copy from before it.
 */
export function instructionsHandlers(services: Services, settled: () => Promise<void>): InstructionsHandlers {
  const ticketOf = (tabId: number): string | null => {
    const page = services.pages.get(tabId);
    return page?.ticket?.key ? ticketId(page.origin, page.ticket.key) : null;
  };
  return {
    async 'instructions.get'() {
      await settled();
      return { team: await instructionsStore.team(), managed: (await managedPolicy.get()).teamInstructions !== null };
    },
    async 'ticketContext.get'({ tabId }) {
      await settled();
      const id = ticketOf(tabId);
      return id ? { available: true, text: await instructionsStore.ticket(id) } : { available: false, text: '' };
    },
    async 'typed.unsent'({ field }) {
      if (!wholeField(field)) throw new Error('The field is incomplete.');
      await settled();
      return { text: await unsentText.get(fieldId(field)) };
    },
  };
}
