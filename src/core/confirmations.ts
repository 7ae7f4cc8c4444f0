import canonicalize from 'canonicalize';
import type { InvokeCtx } from './tool';

/**
 * A prepared send waiting for a human. The record is the single source of truth: it is
 * written before the card is shown and marked used before `deliver` runs, so a confirm is
 * honoured at most once even across a restart of the host.
 */
export interface ConfirmationRecord {
  id: string;
  tool: string;
  payload: unknown;
  digest: string;
  /** The JSON-safe part of the context the payload was prepared in. */
  ctx: StoredCtx;
  createdAt: number;
  expiresAt: number;
  status: 'pending' | 'used' | 'cancelled';
  /** When it was closed: confirmed, or cancelled. */
  usedAt?: number;
  /**
   * What became of the delivery. 'delivering' that is never followed by an outcome means
   * the host stopped mid-delivery: the outcome is unknown, and it is never retried.
   */
  outcome?: 'delivering' | 'sent' | 'failed' | 'unknown';
  outcomeError?: string;
  /**
   * How many copies of the text the ticket's thread showed just before the click: a later look
   * says "sent" only when it finds more (the same text sent before is not this send).
   */
  copiesBefore?: number;
}

export type StoredCtx = Omit<InvokeCtx, 'signal'> & Record<string, unknown>;

/** Where pending confirmations live. The extension implements it over persistent storage. */
export interface ConfirmationStore {
  put(record: ConfirmationRecord): Promise<void>;
  get(id: string): Promise<ConfirmationRecord | undefined>;
  /**
   * Atomically moves a pending record to used. Resolves true for exactly one caller;
   * false when the record is missing or no longer pending.
   */
  markUsed(id: string, at: number): Promise<boolean>;
  update(id: string, patch: Partial<Pick<ConfirmationRecord, 'status' | 'outcome' | 'outcomeError' | 'copiesBefore'>>): Promise<void>;
  list(): Promise<ConfirmationRecord[]>;
}

export class MemoryConfirmationStore implements ConfirmationStore {
  private records = new Map<string, ConfirmationRecord>();

  async put(record: ConfirmationRecord): Promise<void> {
    this.records.set(record.id, structuredClone(record));
  }

  async get(id: string): Promise<ConfirmationRecord | undefined> {
    const record = this.records.get(id);
    return record && structuredClone(record);
  }

  async markUsed(id: string, at: number): Promise<boolean> {
    // No await before the check and the write: nothing can interleave between them.
    const record = this.records.get(id);
    if (!record || record.status !== 'pending') return false;
    record.status = 'used';
    record.usedAt = at;
    return true;
  }

  async update(id: string, patch: Partial<ConfirmationRecord>): Promise<void> {
    const record = this.records.get(id);
    if (record) Object.assign(record, patch);
  }

  async list(): Promise<ConfirmationRecord[]> {
    return [...this.records.values()].map((r) => structuredClone(r));
  }
}

/** RFC 8785 canonical JSON; throws on values JSON cannot carry (cycles, NaN, lone surrogates). */
export function canonicalJson(payload: unknown): string {
  const text = canonicalize(payload);
  if (text === undefined) throw new Error('the payload has no JSON form');
  // canonicalize writes a function nested in the payload as `undefined`, which is not JSON.
  JSON.parse(text);
  return text;
}

/** Lowercase hex SHA-256 of the payload's canonical JSON. */
export async function payloadDigest(payload: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(payload));
  const hash = await globalThis.crypto.subtle.digest('SHA-256', bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps what of a context can be stored and handed to `deliver` after a restart. */
export function storableCtx(ctx: InvokeCtx): StoredCtx {
  const { signal: _signal, ...rest } = ctx;
  try {
    return JSON.parse(JSON.stringify(rest)) as StoredCtx;
  } catch {
    const stored: StoredCtx = { scope: ctx.scope ?? null };
    if (ctx.tabId !== undefined) stored.tabId = ctx.tabId;
    return stored;
  }
}
