import type { AuditEntry } from '../shared/audit';
import { isoLocal, pad, timeZone } from './audit-entries';

/** deskmate-audit-YYYY-MM-DD.<ext>, in the agent's own calendar. */
export const auditFileName = (now: Date, ext: 'json' | 'csv' = 'json'): string =>
  `deskmate-audit-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${ext}`;

/**
 * The whole log, every stored field as written (so its hash chain can still be checked), in the
 * order it was written, each entry led by its time in the agent's local time (ISO 8601).
 */
export function auditJson(entries: readonly AuditEntry[]): string {
  const zone = timeZone();
  const rows = [...entries].sort((a, b) => a.seq - b.seq).map((e) => ({ time: isoLocal(e.at), timeZone: zone, ...e }));
  return `${JSON.stringify(rows, null, 2)}\n`;
}

/** The CSV is built by a library loaded only when the agent exports one. */
export async function auditCsvText(entries: readonly AuditEntry[], words?: (entry: AuditEntry) => string): Promise<string> {
  const { auditCsv } = await import('./audit-csv');
  return auditCsv(entries, words);
}

/** Offers text as a file download: a Blob, an object URL and a temporary link. */
export function downloadText(fileName: string, text: string, type = 'application/json'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: some browsers start the download asynchronously.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
