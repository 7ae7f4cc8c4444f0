import type { AuditEntry } from '../shared/audit';

/*
 * The audit log's entries as people read them, in the list and in every export: newest first,
 * in local time, each with what its prepare recorded.
 */

/** Newest first, as people read a log; the stored order is by sequence number. */
export const newestFirst = (entries: readonly AuditEntry[]): AuditEntry[] => [...entries].sort((a, b) => b.seq - a.seq);

/** Zero-padded digits for dates and times. */
export const pad = (n: number, width = 2) => String(Math.abs(n)).padStart(width, '0');

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
