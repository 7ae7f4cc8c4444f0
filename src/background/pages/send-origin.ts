import { fail, type ToolResult } from '../../core';
import { sameTicket, type TicketRef } from '../../shared/ticket';
import { payloadOf } from '../confirm/confirm-audit';
import type { Services } from '../services';

/** Whether a draft's button may act now (see the draft keeper's gate): null, or the refusal. */
export type DraftGate = (tabId: number, callId: string, use: { body?: string; anyway?: boolean; send?: boolean }) => Promise<ToolResult | null>;

/** A send the sidebar asks for: from a draft (its call id), or "Send again" on a card (its confirmation id). */
export interface SendAsk {
  tabId: number;
  tool: string;
  input: unknown;
  draft?: string;
  again?: string;
}

/**
 * Everything that can send belongs to one ticket. A send is prepared only from something the
 * background keeps for a ticket, and only while the tab shows that ticket (site and key): a
 * draft of the ticket's conversation, or a card of the ticket being sent again, whose text is
 * then the card's own, from its record. The sidebar's word on which ticket it means counts for
 * nothing; a send from nowhere (no draft, no card) is not prepared at all. Returns the input to
 * prepare with, or the refusal.
 */
export async function boundSend(s: Services, gate: DraftGate | undefined, ask: SendAsk): Promise<{ input: unknown } | ToolResult> {
  const { tabId, tool, draft, again } = ask;
  if (draft === undefined && again === undefined) {
    return fail('unbound_send', 'A reply or a note is sent from its draft in the chat, on the ticket it was written for. Nothing was prepared.');
  }
  let input = ask.input;
  if (again !== undefined) {
    const record = await s.store.get(again);
    if (!record || record.tool !== s.registry.get(tool)?.name) return fail('not_found', 'There is no such send to repeat. Nothing was prepared.');
    const home: TicketRef = { site: record.ctx.scope ?? null, ticket: typeof record.ctx.ticketKey === 'string' ? record.ctx.ticketKey : null };
    const refused = elsewhere(s, tabId, home, payloadOf(record).ticket ?? home.ticket);
    if (refused) return refused;
    // "Send again" sends what the card showed: the text comes from the record, never the request.
    input = { body: payloadOf(record).body ?? '' };
  }
  if (draft !== undefined) {
    if (!gate) return fail('unbound_send', 'Drafts are not kept here; nothing was prepared.');
    // The draft keeps the text it is sent with; a card sent again keeps the draft as it is.
    const refused = await gate(tabId, draft, { send: true, ...(again === undefined ? bodyOf(input) : {}) });
    if (refused && !refused.ok) return refused;
  }
  return { input };
}

/** Why a card of `home` must not be sent again from the page the tab shows, or null. */
function elsewhere(s: Services, tabId: number, home: TicketRef, label: string | null): ToolResult | null {
  const page = s.pages.get(tabId);
  const shown: TicketRef = { site: page?.origin ?? null, ticket: page?.ticket?.key ?? null };
  if (home.ticket && sameTicket(home, shown)) return null;
  const now = page?.ticket ? `ticket ${page.ticket.label}${page.origin === home.site ? '' : ` on ${page.origin}`}` : 'no ticket';
  return fail('scope_changed', `This card was prepared for ticket ${label ?? 'another ticket'} on ${home.site ?? 'another site'}; the tab now shows ${now}. Nothing was prepared.`);
}

export const bodyOf = (input: unknown): { body?: string } => {
  const body = (input as { body?: unknown } | null)?.body;
  return typeof body === 'string' ? { body } : {};
};
