import { request } from '../client';
import type { AuditEntry } from '../../shared/audit';
import { newestFirst } from '../audit-entries';
import { auditCsvText, auditFileName, auditJson, downloadText } from '../audit-export';
import { useLoad } from './useLoad';

export interface AuditLoad {
  /** Newest first; null while loading. */
  entries: AuditEntry[] | null;
  error: string | null;
  /** Downloads the given entries (the whole log, or those the filter shows). */
  exportJson(entries?: readonly AuditEntry[]): void;
  exportCsv(entries: readonly AuditEntry[], words: (entry: AuditEntry) => string): Promise<void>;
}

/** The audit log, kept current on every `audit.changed`. */
export function useAudit(): AuditLoad {
  const { value, error } = useLoad(async () => newestFirst(await request('audit.list', {})), (m) => m.type === 'audit.changed', []);
  return {
    entries: value,
    error,
    exportJson: (entries = value ?? []) => downloadText(auditFileName(new Date()), auditJson(entries)),
    exportCsv: async (entries, words) => downloadText(auditFileName(new Date(), 'csv'), await auditCsvText(entries, words), 'text/csv'),
  };
}
