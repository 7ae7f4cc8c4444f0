import type { AuditEntry } from '../shared/audit';

/** Newest first, as people read a log; the stored order is by sequence number. */
export const newestFirst = (entries: readonly AuditEntry[]): AuditEntry[] => [...entries].sort((a, b) => b.seq - a.seq);

const pad = (n: number) => String(n).padStart(2, '0');

/** deskmate-audit-YYYY-MM-DD.json, in the agent's own calendar. */
export const auditFileName = (now: Date): string =>
  `deskmate-audit-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;

/** The whole log, every field, in the order it was written. */
export const auditJson = (entries: readonly AuditEntry[]): string =>
  `${JSON.stringify([...entries].sort((a, b) => a.seq - b.seq), null, 2)}\n`;

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
