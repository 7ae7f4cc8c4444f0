import { request } from '../../extension/client';
import type { AuditEntry } from '../../shared/audit';
import { auditFileName, auditJson, downloadText, newestFirst } from '../audit-export';
import { useLoad } from './useLoad';

export interface AuditLoad {
  /** Newest first; null while loading. */
  entries: AuditEntry[] | null;
  error: string | null;
  exportJson(): void;
}

/** The audit log, kept current on every `audit.changed`. */
export function useAudit(): AuditLoad {
  const { value, error } = useLoad(async () => newestFirst(await request('audit.list', {})), (m) => m.type === 'audit.changed', []);
  return {
    entries: value,
    error,
    exportJson: () => downloadText(auditFileName(new Date()), auditJson(value ?? [])),
  };
}
