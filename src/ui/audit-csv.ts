import Papa from 'papaparse';
import type { AuditEntry } from '../shared/audit';
import { isoLocal, withPrepared } from './audit-entries';

/** The columns, in the order a team lead reads them; the digest and chain fields come last. */
const COLUMNS = ['time', 'what_happened', 'kind', 'action', 'site', 'ticket', 'recipient', 'text', 'detail', 'confirmation', 'digest', 'seq'] as const;

/**
 * The log as CSV (RFC 4180, one row per entry, oldest first; `words` says what happened, in the
 * agent's language): each confirm, send or cancel row
 * carries the recipient and text of its prepare. A cell that a spreadsheet would run as a formula
 * (=, +, -, @ first) is quoted as text: ticket text is written by strangers.
 */
export function auditCsv(entries: readonly AuditEntry[], words: (entry: AuditEntry) => string = (e) => e.kind): string {
  const rows = withPrepared([...entries].sort((a, b) => a.seq - b.seq)).map((e) => [
    isoLocal(e.at),
    words(e),
    e.kind,
    e.tool,
    e.site,
    e.ticket ?? '',
    e.recipient ?? '',
    e.body ?? '',
    e.detail ?? '',
    e.confirmationId ?? '',
    e.digest ?? '',
    String(e.seq),
  ]);
  return `${Papa.unparse({ fields: [...COLUMNS], data: rows }, { escapeFormulae: true, newline: '\r\n' })}\r\n`;
}
