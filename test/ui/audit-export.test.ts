import { describe, expect, it } from 'vitest';
import { auditFileName, auditJson, newestFirst } from '../../src/ui/audit-export';
import type { AuditEntry } from '../../src/extension/audit-log';

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

describe('audit export', () => {
  it('names the file by the local date', () => {
    expect(auditFileName(new Date(2025, 0, 9, 23, 59))).toBe('deskmate-audit-2025-01-09.json');
  });

  it('holds every entry with every field, in the order they were written', () => {
    const entries = [entry(3, { kind: 'sent' }), entry(1), entry(2, { kind: 'confirm', detail: 'a "quoted" detail\nline 2' })];
    const text = auditJson(entries);
    expect(JSON.parse(text)).toEqual([entries[1], entries[2], entries[0]]);
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
});
