import { phaseOf, type ConfirmationRecord } from '../../core';
import type { AuditEntry } from '../../shared/audit';
import type { EarlierSend } from '../../shared/protocol';
import type { SendToolName, TicketRef } from '../../shared/ticket';
import { payloadOf } from './confirm-audit';
import type { Services } from '../services';

/** How long a send Deskmate made to a ticket is recalled at the next Send… there. */
export const RECALL_MS = 7 * 24 * 60 * 60_000;

/**
 * The newest send of this tool to this ticket (site and the ticket's label, as the cards and the
 * audit log name it) that went out or may have: from the audit log, which outlives the records,
 * and from the records, which know a delivery under way. Sends that failed are not recalled;
 * `except` (the card asking) neither. Newest by the order they were confirmed in, not the clock.
 */
export function lastSend(
  entries: readonly AuditEntry[],
  records: readonly ConfirmationRecord[],
  where: { tool: string; site: string; ticket: string },
  now: number,
  except?: string,
): EarlierSend | null {
  const sends = new Map<string, EarlierSend & { failed?: boolean }>();
  for (const e of entries) {
    if (e.tool !== where.tool || e.site !== where.site || e.ticket !== where.ticket || !e.confirmationId || e.confirmationId === except) continue;
    const known = sends.get(e.confirmationId);
    if (e.kind === 'confirm') sends.set(e.confirmationId, { id: e.confirmationId, at: e.at, phase: known?.phase ?? 'unknown' });
    else if ((e.kind === 'sent' || e.kind === 'unknown') && known) known.phase = e.kind;
    else if (e.kind === 'failed' && known) known.failed = true;
  }
  // A delivery under way has no audit entry yet: its record says so.
  for (const r of records) {
    const p = payloadOf(r);
    if (r.tool !== where.tool || p.site !== where.site || p.ticket !== where.ticket || r.id === except || sends.has(r.id)) continue;
    const phase = phaseOf(r, now);
    if (phase === 'delivering' || phase === 'sent' || phase === 'unknown') sends.set(r.id, { id: r.id, at: r.usedAt ?? r.createdAt, phase: phase === 'sent' ? 'sent' : 'unknown' });
  }
  const recent = [...sends.values()].filter((s) => !s.failed && (now - s.at < RECALL_MS || now < s.at));
  const newest = recent.at(-1);
  return newest ? { id: newest.id, at: newest.at, phase: newest.phase } : null;
}

const SEND_TOOLS: readonly SendToolName[] = ['reply.send', 'note.add'];

/** The newest reply and the newest note Deskmate sent to a ticket, recalled from the audit log and the records. */
export async function lastSendsTo(s: Services, records: readonly ConfirmationRecord[], site: string, ticket: string, now: number, except?: string): Promise<Partial<Record<SendToolName, EarlierSend>>> {
  const entries = await s.audit.list();
  const found: Partial<Record<SendToolName, EarlierSend>> = {};
  for (const tool of SEND_TOOLS) {
    const last = lastSend(entries, records, { tool, site, ticket }, now, except);
    if (last) found[tool] = last;
  }
  return found;
}

/** The ticket a record was prepared for: its site and the ticket's key then. */
export const homeOfRecord = (r: ConfirmationRecord): TicketRef => ({ site: r.ctx.scope ?? null, ticket: typeof r.ctx.ticketKey === 'string' ? r.ctx.ticketKey : null });
