import type { AuditEntry } from '../shared/audit';

/** Newest first, as people read a log; the stored order is by sequence number. */
export const newestFirst = (entries: readonly AuditEntry[]): AuditEntry[] => [...entries].sort((a, b) => b.seq - a.seq);

const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

/** deskmate-audit-YYYY-MM-DD.<ext>, in the agent's own calendar. */
export const auditFileName = (now: Date, ext: 'json' | 'csv' = 'json'): string =>
  `deskmate-audit-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.${ext}`;

/** ISO 8601 in the agent's local time with its offset: 2026-12-01T17:20:05.123+01:00. */
export function isoLocal(ms: number): string {
  const d = new Date(ms);
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}` +
    `${sign}${pad(Math.trunc(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`
  );
}

/** The agent's time zone by name (Europe/Berlin), where the browser says. */
export const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';

/**
 * Each entry with what its confirmation's prepare recorded: who it went to and the full text.
 * A confirm, a send or a cancel names only its confirmation; people want to read what it was.
 */
export function withPrepared(entries: readonly AuditEntry[]): AuditEntry[] {
  const prepared = new Map<string, AuditEntry>();
  for (const e of entries) if (e.kind === 'prepare' && e.confirmationId) prepared.set(e.confirmationId, e);
  return entries.map((e) => {
    const p = e.confirmationId ? prepared.get(e.confirmationId) : undefined;
    if (!p || p === e) return e;
    return {
      ...e,
      ...(e.recipient === undefined && p.recipient !== undefined ? { recipient: p.recipient } : {}),
      ...(e.body === undefined && p.body !== undefined ? { body: p.body } : {}),
    };
  });
}

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
