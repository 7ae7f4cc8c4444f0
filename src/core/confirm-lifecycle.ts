import type { ConfirmationRecord, ConfirmationStore } from './confirmations';
import type { ToolResult } from './tool';
import type { ToolErrorCode } from './tool-errors';

/**
 * The one owner of a confirmation's states and transitions:
 *
 *   pending ──confirm──▶ delivering ──▶ sent | failed | unknown
 *      │                                          │
 *      ├──cancel──▶ cancelled                     └──settle (the page, "Check the ticket")──▶ sent
 *      └──(time)──▶ expired
 *
 * The registry, the background's handlers and the sidebar all ask this module what a record
 * or a result means; nothing else writes a record's status or outcome.
 */
export type ConfirmPhase = 'pending' | 'delivering' | 'sent' | 'failed' | 'unknown' | 'cancelled' | 'expired';

/** How a delivery ended, as stored in the record. */
export type DeliveryOutcome = 'sent' | 'failed' | 'unknown';

/** What a confirm card shows: a phase, or a confirm refused before anything left. */
export type CardState = 'pending' | 'delivering' | 'sent' | 'failed' | 'unknown' | 'refused';

/** Codes after which the reply may have gone out: a deadline passed, the page went away mid-post. */
const MAYBE_SENT: ReadonlySet<ToolErrorCode> = new Set(['timeout', 'outcome_unknown']);

/** Codes for which a confirm was refused before anything left: nothing was sent. */
const REFUSED: ReadonlySet<ToolErrorCode> = new Set([
  'not_found',
  'expired',
  'already_used',
  'cancelled',
  'digest_mismatch',
  'payload_tampered',
  'scope_changed',
  'not_granted',
  'out_of_scope',
  'unknown_tool',
]);

/**
 * A pending record is past its time when its expiry has come, or when the clock now reads
 * earlier than when it was made: a clock put back must not keep a confirmation open longer than
 * it was given, so then its age is unknown and it counts as expired (prepare it again).
 */
export const isPastItsTime = (record: ConfirmationRecord, now: number): boolean => now >= record.expiresAt || now < record.createdAt;

export function phaseOf(record: ConfirmationRecord, now: number): ConfirmPhase {
  if (record.status === 'pending') return isPastItsTime(record, now) ? 'expired' : 'pending';
  if (record.status === 'cancelled') return 'cancelled';
  if (record.outcome === 'sent' || record.outcome === 'failed' || record.outcome === 'delivering') return record.outcome;
  // Used, with no outcome written: the host stopped before it could write one.
  return 'unknown';
}

/** What a `deliver` result means for the record. A failure that may have posted is unknown, never failed. */
export const outcomeOf = (result: ToolResult): DeliveryOutcome =>
  result.ok ? 'sent' : MAYBE_SENT.has(result.code) ? 'unknown' : 'failed';

/** The card a record shows. */
export function cardStateOf(record: ConfirmationRecord, now: number): CardState {
  const phase = phaseOf(record, now);
  return phase === 'cancelled' || phase === 'expired' ? 'refused' : phase;
}

/** The card after a confirm's answer: refused (nothing left), or the delivery's outcome. */
export const cardStateOfResult = (result: ToolResult): CardState =>
  !result.ok && REFUSED.has(result.code) ? 'refused' : outcomeOf(result);

/** Whether a later look (the page loaded next, "Check the ticket") may still settle it. */
export const isUnsettled = (record: ConfirmationRecord): boolean =>
  record.status === 'used' && (record.outcome === undefined || record.outcome === 'delivering' || record.outcome === 'unknown');

/** The transitions. Each is the only way its change is written to the store. */
export const lifecycle = {
  /** pending → used, for exactly one caller (a confirm or a cancel). */
  claim: (store: ConfirmationStore, id: string, now: number): Promise<boolean> => store.markUsed(id, now),

  /** A claimed record's delivery starts: if the host stops now, the outcome is unknown. */
  deliverStarted: (store: ConfirmationStore, id: string): Promise<void> => store.update(id, { outcome: 'delivering' }),

  /** What the thread showed before the click, noted while the record is still pending. */
  baseline: (store: ConfirmationStore, id: string, copies: number): Promise<void> => store.update(id, { copiesBefore: copies }),

  /** The delivery's own answer. A look at the thread that already found the reply is not undone by it. */
  async delivered(store: ConfirmationStore, id: string, result: ToolResult): Promise<DeliveryOutcome> {
    const outcome = outcomeOf(result);
    if (outcome !== 'sent' && (await store.get(id))?.outcome === 'sent') return 'sent';
    await store.update(id, outcome === 'sent' ? { outcome } : { outcome, outcomeError: result.error ?? '' });
    return outcome;
  },

  /** The host started again and found a delivery it never finished: never retried, unknown. */
  interrupted: (store: ConfirmationStore, id: string): Promise<void> => store.update(id, { outcome: 'unknown' }),

  /** An unknown outcome turned out to be sent. Refused (false) for anything else. */
  async settledSent(store: ConfirmationStore, record: ConfirmationRecord): Promise<boolean> {
    if (!isUnsettled(record)) return false;
    await store.update(record.id, { outcome: 'sent' });
    return true;
  },

  /** pending → cancelled. False when it was no longer pending. */
  async cancel(store: ConfirmationStore, id: string, now: number): Promise<boolean> {
    if (!(await store.markUsed(id, now))) return false;
    await store.update(id, { status: 'cancelled' });
    return true;
  },

  /** A record whose payload was changed in the store is closed and never delivered. */
  async burn(store: ConfirmationStore, id: string, now: number, why: string): Promise<void> {
    if (await store.markUsed(id, now)) await store.update(id, { status: 'cancelled', outcome: 'failed', outcomeError: why });
  },
};
