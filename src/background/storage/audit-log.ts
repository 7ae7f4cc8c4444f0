import type { AuditEntry } from '../../shared/audit';
import { chain, checkChain, type ChainCheck } from './audit-chain';
import { auditItem } from './items';

export type { AuditEntry, AuditKind } from '../../shared/audit';

export type NewAuditEntry = Omit<AuditEntry, 'seq' | 'at' | 'prev' | 'hash'>;

export const MAX_AUDIT_ENTRIES = 5000;

export interface AuditLog {
  append(entry: NewAuditEntry): Promise<AuditEntry>;
  list(): Promise<AuditEntry[]>;
  /** Whether the kept entries still form one unbroken chain. */
  check(): Promise<ChainCheck>;
}

/**
 * Only the background writes the log, in its own IndexedDB. Each entry carries the hash of the
 * one before it, so an entry edited or removed afterwards shows as a broken chain.
 */
export function createAuditLog(now: () => number = Date.now, maxEntries = MAX_AUDIT_ENTRIES): AuditLog {
  let appending: Promise<unknown> = Promise.resolve();
  const append = async (entry: NewAuditEntry): Promise<AuditEntry> => {
    const log = await auditItem.get();
    const last = log.entries.at(-1);
    const full = await chain<AuditEntry>({ ...entry, seq: (last?.seq ?? 0) + 1, at: now() }, last?.hash ?? log.anchor);
    const entries = [...log.entries, full];
    const dropped = entries.length - maxEntries;
    const anchor = dropped > 0 ? entries[dropped - 1]!.hash : log.anchor;
    await auditItem.set({ anchor, entries: entries.slice(Math.max(dropped, 0)) });
    return full;
  };
  return {
    // Hashing awaits, so appends are chained here rather than inside one item update.
    append: (entry) => {
      const run = appending.then(() => append(entry));
      appending = run.catch(() => undefined);
      return run;
    },
    list: async () => (await auditItem.get()).entries,
    check: async () => {
      const log = await auditItem.get();
      return checkChain(log.entries, log.anchor);
    },
  };
}
