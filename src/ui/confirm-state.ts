import type { ConfirmationRecord, ToolResult } from '../core';
import type { ReplyPayload } from '../sites/adapter';

/** What the confirm card says happened to a prepared send. */
export type ConfirmState = 'pending' | 'sent' | 'refused' | 'failed' | 'unknown';

/** Codes for which the background refused before anything left: nothing was sent. */
const REFUSED = new Set([
  'not_found',
  'expired',
  'already_used',
  'cancelled',
  'digest_mismatch',
  'scope_changed',
  'not_granted',
  'out_of_scope',
  'unknown_tool',
]);

/** The state a `confirm.accept` result means. A deadline passed is not a failure: it may have gone out. */
export function confirmStateOf(result: ToolResult): ConfirmState {
  if (result.ok) return 'sent';
  if (result.code && REFUSED.has(result.code)) return 'refused';
  return result.code === 'timeout' ? 'unknown' : 'failed';
}

/** The state a stored record shows, for a card opened again or after a lost answer. */
export function recordState(record: ConfirmationRecord): ConfirmState {
  if (record.status === 'pending') return 'pending';
  if (record.status === 'cancelled') return 'refused';
  if (record.outcome === 'sent') return 'sent';
  if (record.outcome === 'failed') return 'failed';
  return 'unknown';
}

const FIELDS = ['site', 'ticket', 'recipient', 'subject', 'body'] as const;

/**
 * The payload exactly as the card shows it: the five fields, each a string. Anything else
 * (a missing field, an extra one) gives null, and the card offers no Confirm: the digest
 * must cover precisely what a person saw.
 */
export function shownPayload(payload: unknown): ReplyPayload | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) return null;
  const record = payload as Record<string, unknown>;
  if (Object.keys(record).length !== FIELDS.length) return null;
  if (!FIELDS.every((k) => typeof record[k] === 'string')) return null;
  const { site, ticket, recipient, subject, body } = record as unknown as ReplyPayload;
  return { site, ticket, recipient, subject, body };
}

/** A confirm card: what it shows, and what became of it. */
export interface ConfirmCardModel {
  id: string;
  tool: string;
  payload: unknown;
  expiresAt: number;
  state: ConfirmState;
  /** A request is under way (confirm, check). */
  busy?: boolean;
  /** The background's words on a refusal or failure. */
  error?: string;
  /** After "Check the ticket": the reply was not found there. */
  notFound?: boolean;
}

/** A card for a record the background still holds. */
export const cardOfRecord = (record: ConfirmationRecord): ConfirmCardModel => ({
  id: record.id,
  tool: record.tool,
  payload: record.payload,
  expiresAt: record.expiresAt,
  state: recordState(record),
  ...(record.outcomeError ? { error: record.outcomeError } : {}),
});
