import type { ConfirmationRecord } from '../core';
import { cardStateOf, type CardState } from '../core/confirm-lifecycle';
import type { ReviewedContact } from '../shared/contact-review';
import { postEffectsOf } from '../shared/post-effects';
import { sameTicket, type ReplyPayload, type TicketRef } from '../shared/ticket';
import type { EarlierSend, ViewState } from '../shared/protocol';
import { hostOf } from './format';

export type { CardState as ConfirmState } from '../core/confirm-lifecycle';

const FIELDS = ['site', 'ticket', 'recipient', 'subject', 'body'] as const;

/**
 * The payload exactly as the card shows it: the five fields, each a string, the helpdesk's side
 * effects when there are any, and the text in the helpdesk's box that posting replaces when there
 * is some. Anything else (a missing field, an extra one, an effect the card cannot say) gives
 * null, and the card offers no Confirm: the digest must cover precisely what a person saw.
 */
export function shownPayload(payload: unknown): ReplyPayload | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const hasEffects = 'effects' in record;
  const hasReplaces = 'replaces' in record;
  const hasFrom = 'from' in record;
  if (Object.keys(record).length !== FIELDS.length + (hasEffects ? 1 : 0) + (hasReplaces ? 1 : 0) + (hasFrom ? 1 : 0)) return null;
  if (!FIELDS.every((k) => typeof record[k] === 'string')) return null;
  if (hasReplaces && (typeof record.replaces !== 'string' || record.replaces === '')) return null;
  if (hasFrom && typeof record.from !== 'string') return null;
  const effects = hasEffects ? postEffectsOf(record.effects) : [];
  if (effects === null || (hasEffects && effects.length === 0)) return null;
  const { site, ticket, recipient, subject, body, replaces } = record as unknown as ReplyPayload;
  return { site, ticket, recipient, subject, body, ...(hasEffects ? { effects } : {}), ...(hasReplaces ? { replaces: replaces! } : {}), ...(hasFrom ? { from: record.from as string } : {}) };
}

/** Text as compared for "the box already holds the draft": whitespace runs as one space. */
const plain = (s: string): string => s.replace(/[\u200b\ufeff]/g, '').replace(/\s+/g, ' ').trim();

/** Whether the helpdesk's box holds the draft already (the agent inserted it and typed beside it). */
export const boxHoldsDraft = (replaces: string, body: string): boolean => plain(replaces).includes(plain(body));

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

/**
 * When the tab has left the ticket a pending card was prepared on: the ticket it was for, and
 * what the tab shows now (another ticket's label, or null for a page that is no ticket). Such a
 * card is not shown, and the background refuses its confirm whatever the card says; this holds
 * Confirm should one still be on screen (the instant the tab moves).
 */
export function cardAway(view: ViewState | null, card: ConfirmCardModel): { home: string; shows: string | null } | null {
  if (card.state !== 'pending' || cardIsHere(card, view)) return null;
  const page = view?.page ?? null;
  // Another helpdesk's ticket is named with its host: "#1" alone could read as the same one.
  const shows = page?.ticket ? (page.origin === card.home.site ? page.ticket.label : `${page.ticket.label} (${hostOf(page.origin)})`) : null;
  return { home: shownPayload(card.payload)?.ticket ?? card.home.ticket ?? '—', shows };
}

/**
 * The send of the same kind this ticket already had from Deskmate, for a card still to confirm:
 * the view's word (it follows sends made since, in any tab), else what the prepare said.
 */
export function earlierSendOf(card: ConfirmCardModel, view: ViewState | null): EarlierSend | null {
  if (card.state !== 'pending') return null;
  const last = (cardIsHere(card, view) ? view?.lastSends?.[card.tool as keyof ViewState['lastSends']] : undefined) ?? card.lastSend;
  return last && last.id !== card.id ? last : null;
}
