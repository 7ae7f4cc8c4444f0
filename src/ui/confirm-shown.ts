import type { EarlierSend, ViewState } from '../shared/protocol';
import { postEffectsOf } from '../shared/post-effects';
import type { ReplyPayload } from '../shared/ticket';
import { cardIsHere, type ConfirmCardModel } from './confirm-state';
import { hostOf } from './format';

/*
 * What a confirm card shows, and the lines it adds about its ticket. Only the card and the draft
 * it came from ask (their own chunks), so none of it is in the sidebar's first load.
 */

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
