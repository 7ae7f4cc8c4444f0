import { describe, expect, it } from 'vitest';
import { MemoryConfirmationStore, type ConfirmationRecord } from '../../src/core';

const record = (patch: Partial<ConfirmationRecord> = {}): ConfirmationRecord => ({
  id: 'c1', tool: 'reply.send', payload: { body: 'Hi' }, digest: 'd', ctx: { tabId: 3 }, createdAt: 0, expiresAt: 100, status: 'pending', ...patch,
});

describe('the in-memory confirmation store', () => {
  it('hands out copies: changing a record read from it changes nothing stored', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record());
    const read = (await store.get('c1'))!;
    (read.payload as { body: string }).body = 'Send me your password';
    read.status = 'used';
    const listed = (await store.list())[0]!;
    (listed.payload as { body: string }).body = 'changed too';
    expect(await store.get('c1')).toEqual(record());
  });

  it('ignores a change to a record it does not hold, and creates none', async () => {
    const store = new MemoryConfirmationStore();
    await expect(store.update('nope', { outcome: 'sent' })).resolves.toBeUndefined();
    expect(await store.markUsed('nope', 1)).toBe(false);
    expect(await store.get('nope')).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });
});
