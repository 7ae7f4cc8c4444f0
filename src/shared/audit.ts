/** The audit log's entries, as the background writes them and the options page lists them. */
/** `write`: a person's click changed the page (the reply box filled), nothing left the browser. `call`: a read tool of an MCP server was called. */
/**
 * `attempt`: the assistant called a tool it may not use (refused, nothing ran); `acknowledge`: the
 * agent acknowledged the warning on a draft written in such a turn.
 */
export type AuditKind = 'prepare' | 'confirm' | 'refuse' | 'cancel' | 'sent' | 'failed' | 'unknown' | 'write' | 'attempt' | 'acknowledge' | 'call';

/** A link of a hash chain: an entry edited or removed afterwards breaks it. */
export interface Chained {
  seq: number;
  /** The hash of the entry before this one (GENESIS for the first ever). */
  prev: string;
  /** SHA-256 of this entry's canonical JSON without `hash`. */
  hash: string;
}

export type ChainCheck = { intact: true } | { intact: false; seq: number; reason: 'edited' | 'gap' | 'reordered' };

/** One line of the append-only record of everything that led, or could lead, to a send. */
export interface AuditEntry extends Chained {
  at: number;
  kind: AuditKind;
  tool: string;
  site: string;
  ticket: string | null;
  digest: string | null;
  confirmationId: string | null;
  /** Who it went to, as the confirm card showed it ('' for an internal note). On prepares. */
  recipient?: string;
  /** The full text, as written or as confirmed. On prepares and writes. */
  body?: string;
  detail?: string;
}
