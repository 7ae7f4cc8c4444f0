import type { ConfirmationRecord } from '../core';
import { cardStateOf, type CardState } from '../core/confirm-lifecycle';
import type { ReviewedContact } from '../shared/contact-review';
import { postEffectsOf } from '../shared/post-effects';
import { sameTicket, type ReplyPayload } from '../shared/ticket';
import type { ViewState } from '../shared/protocol';
import { hostOf } from './format';

export type { CardState as ConfirmState } from '../core/confirm-lifecycle';

const FIELDS = ['site', 'ticket', 'recipient', 'subject', 'body'] as const;

/**
 * The payload exactly as the card shows it: the five fields, each a string, and the helpdesk's
 * side effects when there are any. Anything else (a missing field, an extra one, an effect the
 * card cannot say) gives null, and the card offers no Confirm: the digest must cover precisely
 * what a person saw.
 */
export function shownPayload(payload: unknown): ReplyPayload | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  const hasEffects = 'effects' in record;
  if (Object.keys(record).length !== FIELDS.length + (hasEffects ? 1 : 0)) return null;
  if (!FIELDS.every((k) => typeof record[k] === 'string')) return null;
  const effects = hasEffects ? postEffectsOf(record.effects) : [];
  if (effects === null || (hasEffects && effects.length === 0)) return null;
  const { site, ticket, recipient, subject, body } = record as unknown as ReplyPayload;
  return { site, ticket, recipient, subject, body, ...(hasEffects ? { effects } : {}) };
}

/** A confirm card: what it shows, and what became of it. */
export interface ConfirmCardModel {
  id: string;
  tool: string;
  payload: unknown;
  expiresAt: number;
  state: CardState;
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
  ...(record.outcomeError ? { error: record.outcomeError } : {}),
  ...(record.usedAt !== undefined && record.status === 'used' ? { sentAt: record.usedAt } : {}),
});

/**
 * When the tab has left the ticket a pending card was prepared on: the ticket it was for, and
 * what the tab shows now (another ticket's label, or null for a page that is no ticket).
 * The background refuses such a confirm whatever the card says; this lets the card say so
 * before the click, as it does with the same test (site and ticket key).
 */
export function cardAway(view: ViewState | null, id: string): { home: string; shows: string | null } | null {
  const record = view?.pending.find((r) => r.id === id);
  const ticketKey = record?.ctx.ticketKey;
  if (!record || typeof ticketKey !== 'string' || !ticketKey) return null;
  const page = view?.page ?? null;
  if (page && sameTicket({ site: page.origin, ticket: page.ticket?.key ?? null }, { site: record.ctx.scope ?? null, ticket: ticketKey })) return null;
  // Another helpdesk's ticket is named with its host: "#1" alone could read as the same one.
  const shows = page?.ticket ? (page.origin === record.ctx.scope ? page.ticket.label : `${page.ticket.label} (${hostOf(page.origin)})`) : null;
  return { home: shownPayload(record.payload)?.ticket ?? ticketKey, shows };
}
