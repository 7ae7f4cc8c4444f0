import { describe, expect, it } from 'vitest';
import { createAuditLog, type NewAuditEntry } from '../../../src/background/storage/audit-log';
import { auditItem } from '../../../src/background/storage/items';

const entry = (n: number): NewAuditEntry => ({
  kind: 'prepare',
  tool: 'reply.send',
  site: 'https://desk.example',
  ticket: `#${n}`,
  digest: 'ab'.repeat(32),
  confirmationId: `c${n}`,
});

async function logOf(n: number) {
  const log = createAuditLog(() => 1_700_000_000_000);
  for (let i = 1; i <= n; i++) await log.append(entry(i));
  return log;
}

describe('the audit log chain', () => {
  it('links each entry to the one before it', async () => {
    const log = await logOf(3);
    const entries = await log.list();
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(entries[1]!.prev).toBe(entries[0]!.hash);
    expect(await log.check()).toEqual({ intact: true });
  });

  it('shows an entry edited afterwards', async () => {
    const log = await logOf(3);
    await auditItem.update((a) => {
      a.entries[1]!.detail = 'nothing happened here';
      return { value: a, result: undefined };
    });
    expect(await log.check()).toEqual({ intact: false, seq: 2, reason: 'edited' });
  });

  it('shows an entry removed afterwards', async () => {
    const log = await logOf(3);
    await auditItem.update((a) => ({ value: { ...a, entries: [a.entries[0]!, a.entries[2]!] }, result: undefined }));
    expect(await log.check()).toMatchObject({ intact: false, seq: 3 });
  });

  it('shows a log replaced by one forged entry', async () => {
    const log = await logOf(2);
    await auditItem.update((a) => ({ value: { ...a, entries: [{ ...a.entries[0]!, kind: 'cancel' }] }, result: undefined }));
    expect(await log.check()).toMatchObject({ intact: false, seq: 1 });
  });

  it('stays intact when the oldest entries are dropped for space, and still shows a later edit', async () => {
    const log = createAuditLog(Date.now, 3);
    for (let i = 1; i <= 5; i++) await log.append(entry(i));
    expect((await log.list()).map((e) => e.seq)).toEqual([3, 4, 5]);
    expect(await log.check()).toEqual({ intact: true });
    await auditItem.update((a) => ({ value: { ...a, entries: a.entries.slice(1) }, result: undefined }));
    expect(await log.check()).toMatchObject({ intact: false, seq: 4, reason: 'gap' });
  });
});
