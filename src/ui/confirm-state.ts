import type { ConfirmationRecord } from '../core';
import { cardStateOf, type CardState } from '../core/confirm-lifecycle';
import type { ReviewedContact } from '../shared/contact-review';
import { sameTicket, type TicketRef } from '../shared/ticket';
import type { EarlierSend, ViewState } from '../shared/protocol';

export type { CardState as ConfirmState } from '../core/confirm-lifecycle';

/** A confirm card: what it shows, and what became of it. */
export interface ConfirmCardModel {
  id: string;
  tool: string;
  payload: unknown;
  expiresAt: number;
  state: CardState;
  /** The site and ticket it was prepared for: shown, confirmed and sent again only there. */
  home: TicketRef;
  /** The background's word, at prepare, on the ticket's last send of this kind (the view's is newer). */
  lastSend?: EarlierSend;
  /** A request is under way (confirm, check). */
  busy?: boolean;
  /** The background's words on a refusal or failure. */
  error?: string;
  /** After "Check the ticket": the reply was not found there. */
  notFound?: boolean;
  /** When it was confirmed (for a card in sent or unknown). */
  sentAt?: number;
  /** Shown again because the same reply was prepared again for the same ticket. */
  again?: boolean;
  /** The background's list of the body's links, addresses and numbers; Confirm waits while it loads. */
  review?: ReviewState;
}

export type ReviewState = { status: 'loading' } | { status: 'ready'; items: ReviewedContact[] } | { status: 'failed'; error: string };

/** A card for a record the background still holds: the state is the lifecycle's word on it. */
export const cardOfRecord = (record: ConfirmationRecord, now = Date.now()): ConfirmCardModel => ({
  id: record.id,
  tool: record.tool,
  payload: record.payload,
  expiresAt: record.expiresAt,
  state: cardStateOf(record, now),
  home: { site: record.ctx.scope ?? null, ticket: typeof record.ctx.ticketKey === 'string' ? record.ctx.ticketKey : null },
  ...(record.outcomeError ? { error: record.outcomeError } : {}),
  ...(record.usedAt !== undefined && record.status === 'used' ? { sentAt: record.usedAt } : {}),
});

/** The site and ticket the bound tab shows, as the view says. */
export const shownTicket = (view: ViewState | null): TicketRef | null =>
  view?.page ? { site: view.page.origin, ticket: view.page.ticket?.key ?? null } : null;

/** Whether a card belongs to the ticket the tab shows: only those are shown, and only those can act. */
export const cardIsHere = (card: ConfirmCardModel, view: ViewState | null): boolean => {
  const here = shownTicket(view);
  return here !== null && card.home.ticket !== null && sameTicket(card.home, here);
};

/**
 * Whether a card is on screen: this ticket's cards, and, while the tab shows no ticket of the
 * card's site (a page loading, or the helpdesk's list after its "send and next"), a send that is
 * already under way or settled, so its outcome stays in sight. A card to confirm is shown on its
 * own ticket only, and only this ticket's cards can act (`cardIsHere`).
 */
export const cardIsShown = (card: ConfirmCardModel, view: ViewState | null): boolean => {
  if (cardIsHere(card, view)) return true;
  if (card.state === 'pending' || card.home.ticket === null) return false;
  const page = view?.page ?? null;
  return page === null || (!page.ticket && page.origin === card.home.site);
};
