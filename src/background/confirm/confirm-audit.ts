import type { ConfirmationRecord } from '../../core';
import type { AuditKind } from '../storage/audit-log';
import type { Services } from '../services';

export const payloadOf = (r: ConfirmationRecord) => r.payload as { site?: string; ticket?: string; body?: string };

/** One audit entry about a confirmation, and a word to the pages that show the log. */
export async function auditRecord(s: Services, kind: AuditKind, record: ConfirmationRecord, detail?: string): Promise<void> {
  const p = payloadOf(record);
  await s.audit.append({
    kind,
    tool: record.tool,
    site: p.site ?? String(record.ctx.scope ?? ''),
    ticket: p.ticket ?? null,
    digest: record.digest,
    confirmationId: record.id,
    ...(detail ? { detail } : {}),
  });
  s.broadcast({ type: 'audit.changed' });
}
