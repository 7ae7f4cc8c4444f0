import type { PostEffect } from '../../shared/post-effects';
import { SELECTORS } from './osticket-page';

/**
 * What osTicket 1.18 does besides posting (Ticket::postReply, Ticket::postNote): it sets the
 * status chosen under the form when that is not the ticket's status, and, for a reply, gives
 * an unassigned ticket to the agent who replies when "claim on response" is on (the default;
 * the page cannot tell, so the card says "if"). Read from the form as it stands.
 */
export function osticketEffects(doc: Document, kind: 'response' | 'note'): PostEffect[] {
  const effects: PostEffect[] = [];
  const select = doc.querySelector<HTMLSelectElement>(kind === 'response' ? SELECTORS.replyStatus : SELECTORS.noteStatus);
  const chosen = select?.options[select.selectedIndex];
  // The page renders the ticket's status selected ("Open (current)"): a different choice is a change.
  const current = select && [...select.options].find((o) => o.hasAttribute('selected'));
  if (chosen && current && chosen.value !== current.value) effects.push({ kind: 'status', to: chosen.text.replace(/\s+/g, ' ').trim() });
  if (kind === 'response' && doc.querySelector(SELECTORS.unassigned)) effects.push({ kind: 'claim' });
  return effects;
}
