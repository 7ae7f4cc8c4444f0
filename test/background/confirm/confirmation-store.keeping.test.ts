import { beforeEach, describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing';
import { payloadDigest, type ConfirmationRecord } from '../../../src/core';
import { createStorageConfirmationStore } from '../../../src/background/confirm/storage-confirmation-store';

const DAY = 24 * 60 * 60_000;

async function record(id: string, expiresAt: number): Promise<ConfirmationRecord> {
  const payload = { site: 'https://desk.example', ticket: '#1', body: `Hello ${id}` };
  return { id, tool: 'reply.send', payload, digest: await payloadDigest(payload), ctx: { scope: 'https://desk.example', tabId: 1 }, createdAt: 1, expiresAt, status: 'pending' };
}

describe('the stored confirmations: what is kept, and what a reader may change', () => {
  beforeEach(() => fakeBrowser.reset());

  it('keeps a closed record a day after it expired, for the outcome check, and drops it at the next put after that', async () => {
    let clock = 1_000_000;
    const store = createStorageConfirmationStore(() => clock);
    await store.put(await record('old', clock));
    clock += DAY;
    await store.put(await record('day', clock));
    expect((await store.list()).map((r) => r.id).sort()).toEqual(['day', 'old']);
    clock += 1;
    await store.put(await record('next', clock));
    expect((await store.list()).map((r) => r.id).sort()).toEqual(['day', 'next']);
    expect(await store.get('old')).toBeUndefined();
  });

  it('an update of a record it does not hold creates none', async () => {
    const store = createStorageConfirmationStore();
    await store.update('nowhere', { outcome: 'sent' });
    expect(await store.get('nowhere')).toBeUndefined();
    expect(await store.list()).toEqual([]);
  });

  it('the records a list gives are frozen to their last field: a caller cannot change what others read', async () => {
    const store = createStorageConfirmationStore();
    await store.put(await record('a', Date.now() + 60_000));
    const [listed] = await store.list();
    expect(Object.isFrozen(listed)).toBe(true);
    expect(Object.isFrozen(listed!.payload)).toBe(true);
    expect(Object.isFrozen(listed!.ctx)).toBe(true);
    expect(() => ((listed!.payload as { body: string }).body = 'changed')).toThrow(TypeError);
    expect((await store.list())[0]!.payload).toMatchObject({ body: 'Hello a' });
  });
});
