import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { payloadDigest, type ConfirmationRecord } from '../../../src/core';
import { createStorageConfirmationStore } from '../../../src/background/confirm/storage-confirmation-store';
import { defineItem, type StoredItem } from '../../../src/background/storage/stored-item';
import { vault, type Vault } from '../../../src/background/storage/vault';

type Records = Record<string, ConfirmationRecord>;

async function record(id: string): Promise<ConfirmationRecord> {
  const payload = { site: 'https://desk.example', ticket: '#1', body: `Hello ${id}` };
  return { id, tool: 'reply.send', payload, digest: await payloadDigest(payload), ctx: { scope: 'https://desk.example', tabId: 1 }, createdAt: 1, expiresAt: Date.now() + 60_000, status: 'pending' };
}

/** The store's item over a vault that counts its reads and writes of the item. */
function countedItem(key: string): { item: StoredItem<Records>; reads: () => number; writes: () => number } {
  let reads = 0;
  let writes = 0;
  const area: Vault = {
    ...vault,
    get: (k) => ((reads += k === key ? 1 : 0), vault.get(k)),
    set: (k, v) => ((writes += k === key ? 1 : 0), vault.set(k, v)),
  };
  return { item: defineItem<Records>({ key, version: 1, fallback: () => ({}) }, area), reads: () => reads, writes: () => writes };
}

const ids = async (list: Promise<readonly ConfirmationRecord[]>) => (await list).map((r) => r.id).sort();

describe('the stored confirmations in memory: lists come from memory, never a list a change overtook', () => {
  beforeEach(() => fakeBrowser.reset());

  it('lists what it last wrote without reading storage again', async () => {
    const { item, reads } = countedItem('confirmations-counted');
    const store = createStorageConfirmationStore(Date.now, item);
    await store.put(await record('a'));
    const afterPut = reads();
    expect(await ids(store.list())).toEqual(['a']);
    expect(await ids(store.list())).toEqual(['a']);
    expect(reads()).toBe(afterPut);
    // A decision still reads storage.
    await store.get('a');
    expect(reads()).toBe(afterPut + 1);
  });

  it('writes nothing for a claim it refuses or an update of a record it does not hold', async () => {
    const { item, writes } = countedItem('confirmations-writes');
    const store = createStorageConfirmationStore(Date.now, item);
    await store.put(await record('a'));
    expect(await store.markUsed('a', 2)).toBe(true);
    const before = writes();
    expect(await store.markUsed('a', 3)).toBe(false);
    expect(await store.markUsed('nowhere', 3)).toBe(false);
    await store.update('nowhere', { outcome: 'sent' });
    expect(writes()).toBe(before);
    expect((await store.get('a'))?.usedAt).toBe(2);
  });

  it('does not keep a list read before a change that finished first: the next list holds the change', async () => {
    const inner = defineItem<Records>({ key: 'confirmations-held', version: 1, fallback: () => ({}) });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = true;
    // A read that comes back only after the put below has finished writing.
    const item: StoredItem<Records> = {
      ...inner,
      get: async () => {
        const value = await inner.get();
        if (held) {
          held = false;
          await gate;
        }
        return value;
      },
    };
    const store = createStorageConfirmationStore(Date.now, item);
    const listing = store.list();
    await store.put(await record('a'));
    open();
    expect(await ids(listing)).toEqual(['a']);
    expect(await ids(store.list())).toEqual(['a']);
  });
});
