import { fail, type ToolResult } from '../../core';
import type { ChatItem, DraftItem } from '../../shared/chat-items';
import { draftBelongsOn, sameTicket, type TicketRef } from '../../shared/ticket';
import type { Conversation } from './chat-store';

/**
 * What the background keeps of each draft card, with its conversation: the agent's edit, the
 * ticket it was written for, and the confirmations its Send… opened. Pure functions over a
 * conversation's items; `chat-session` loads and stores them.
 */

/** The site and ticket a conversation (and so each of its drafts) belongs to. */
export const homeOfConversation = (c: Conversation): TicketRef => ({ site: c.site ?? null, ticket: c.ticketKey });

/** The ticket a draft was written for: its own stamp, else its conversation's. */
export const homeOf = (draft: DraftItem, conversation: Conversation): TicketRef => ({
  site: draft.site !== undefined ? draft.site : (conversation.site ?? null),
  ticket: draft.ticket !== undefined ? draft.ticket : conversation.ticketKey,
});

export const findDraft = (items: readonly ChatItem[], callId: string): DraftItem | undefined =>
  items.find((item): item is DraftItem => item.kind === 'draft' && item.callId === callId);

/** The items with this draft changed, or null when the conversation has no such draft (or nothing changes). */
export function changeDraft(items: ChatItem[], callId: string, change: (draft: DraftItem) => DraftItem): ChatItem[] | null {
  const draft = findDraft(items, callId);
  if (!draft) return null;
  const next = change(draft);
  if (JSON.stringify(next) === JSON.stringify(draft)) return null;
  return items.map((item) => (item === draft ? next : item));
}

export const withSend = (draft: DraftItem, confirmationId: string): DraftItem =>
  draft.sends?.includes(confirmationId) ? draft : { ...draft, sends: [...(draft.sends ?? []), confirmationId] };

const describe = (ref: TicketRef): string => (ref.ticket ? `ticket ${ref.ticket} on ${ref.site ?? 'an unknown site'}` : `a page with no ticket on ${ref.site ?? 'an unknown site'}`);

/**
 * Why a draft's button must not act on the page the tab shows now, or null. A draft written
 * for another ticket (the same id on another site included) needs the agent's explicit choice.
 */
export function elsewhereRefusal(home: TicketRef | null, shown: TicketRef, anyway: boolean): ToolResult | null {
  // A page of the same site that shows no ticket (a helpdesk's separate reply page) is not
  // another ticket: the draft may go into its reply box. Another site, or another ticket, is.
  if (anyway || (home && draftBelongsOn(home, shown))) return null;
  const made = home ? `This draft was written for ${describe(home)}` : 'This draft is not part of this ticket’s conversation';
  return fail('draft_elsewhere', `${made}; the tab now shows ${describe(shown)}. Nothing was done: choose to use it for this ticket first.`);
}

/**
 * Why a draft must not be sent from the page the tab shows now, or null. A send goes only to the
 * ticket its draft was written for (site and ticket key together), with no way around it: not a
 * page of the same site that shows no ticket, nor another ticket on the agent's choice.
 */
export function sendRefusal(home: TicketRef | null, shown: TicketRef): ToolResult | null {
  if (home?.ticket && sameTicket(home, shown)) return null;
  const made = home ? `This draft was written for ${describe(home)}` : 'This draft is not part of this ticket’s conversation';
  return fail('draft_elsewhere', `${made}; the tab now shows ${describe(shown)}. Nothing was prepared: open that ticket to send it.`);
}
