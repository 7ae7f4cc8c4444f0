import { describe, expect, it } from 'vitest';
import { payloadDigest, type ConfirmationRecord } from '../../../src/core';
import { createStorageConfirmationStore } from '../../../src/background/confirm/storage-confirmation-store';
import { vault } from '../../../src/background/storage/vault';

async function record(id: string): Promise<ConfirmationRecord> {
  const payload = { site: 'https://desk.example', ticket: '#1', body: 'Hello' };
  return { id, tool: 'reply.send', payload, digest: await payloadDigest(payload), ctx: { scope: 'https://desk.example', tabId: 1 }, createdAt: 1, expiresAt: Date.now() + 60_000, status: 'pending' };
}

describe('the stored confirmations', () => {
  it('persists markUsed: a fresh store reading the vault sees it used', async () => {
    await createStorageConfirmationStore().put(await record('a'));
    expect(await createStorageConfirmationStore().markUsed('a', 42)).toBe(true);
    const readBack = await createStorageConfirmationStore().get('a');
    expect(readBack).toMatchObject({ status: 'used', usedAt: 42 });
    expect(await createStorageConfirmationStore().markUsed('a', 43)).toBe(false);
  });

  it('persists update, and never lets an edit of a returned record reach storage', async () => {
    const store = createStorageConfirmationStore();
    await store.put(await record('b'));
    const got = (await store.get('b'))!;
    got.payload = { body: 'changed in memory only' };
    await store.update('b', { outcome: 'sent' });
    const stored = (await vault.get('confirmations')) as { value: Record<string, ConfirmationRecord> };
    expect(stored.value.b).toMatchObject({ outcome: 'sent', payload: { body: 'Hello' } });
  });
});
