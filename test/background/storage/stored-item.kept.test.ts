import { describe, expect, it } from 'vitest';
import { defineItem } from '../../../src/background/storage/stored-item';
import { forgetVaultConnection, vault, type Vault } from '../../../src/background/storage/vault';

/** The real vault (fake IndexedDB), counting the reads that reach it. */
function countingVault(): Vault & { reads: number } {
  const area = {
    reads: 0,
    get: (key: string) => (area.reads++, vault.get(key)),
    set: (key: string, value: unknown) => vault.set(key, value),
    remove: (key: string) => vault.remove(key),
  };
  return area;
}

describe('a stored item kept in memory', () => {
  it('reads storage once, then answers get and exists from memory', async () => {
    await vault.set('k1', { v: 1, value: { n: 1 } });
    const area = countingVault();
    const item = defineItem<{ n: number }>({ key: 'k1', version: 1, fallback: () => ({ n: 0 }), kept: true }, area);
    const [a, b] = await Promise.all([item.get(), item.get()]);
    expect(a).toEqual({ n: 1 });
    expect(b).toBe(a);
    expect(await item.exists()).toBe(true);
    expect(area.reads).toBe(1);
  });

  it('writes through: what was set is in storage and is what the next get gives', async () => {
    const area = countingVault();
    const item = defineItem<{ n: number }>({ key: 'k2', version: 1, fallback: () => ({ n: 0 }), kept: true }, area);
    expect(await item.exists()).toBe(false);
    expect(await item.get()).toEqual({ n: 0 });
    const value = { n: 2 };
    await item.set(value);
    expect(await vault.get('k2')).toEqual({ v: 1, value: { n: 2 } });
    expect(await item.get()).toEqual({ n: 2 });
    expect(await item.exists()).toBe(true);
    // The caller's object stays its own: changing it later changes neither memory nor storage.
    value.n = 3;
    expect(await item.get()).toEqual({ n: 2 });
    // The first exists and the first get read storage; nothing after them does.
    expect(area.reads).toBe(2);
  });

  it('hands out a frozen value, and an update a copy it may change', async () => {
    const item = defineItem<Record<string, number>>({ key: 'k3', version: 1, fallback: () => ({}), kept: true });
    await item.set({ a: 1 });
    const shared = await item.get();
    expect(() => {
      shared.a = 9;
    }).toThrow(TypeError);
    await item.update((all) => {
      all.b = 2;
      return { value: all, result: undefined };
    });
    expect(await item.get()).toEqual({ a: 1, b: 2 });
    expect(shared).toEqual({ a: 1 });
  });

  it('forgets what it kept when the write fails, and storage says what is true', async () => {
    const failing: Vault = { get: vault.get, set: () => Promise.reject(new Error('quota')), remove: vault.remove };
    await vault.set('k4', { v: 1, value: 'stored' });
    const item = defineItem<string>({ key: 'k4', version: 1, fallback: () => '', kept: true }, failing);
    expect(await item.get()).toBe('stored');
    await expect(item.set('not written')).rejects.toThrow('quota');
    expect(await item.get()).toBe('stored');
  });

  it('reads again from a fresh vault, as after a restart', async () => {
    const item = defineItem<string>({ key: 'k5', version: 1, fallback: () => '', kept: true });
    await item.set('before');
    forgetVaultConnection();
    globalThis.indexedDB = new (globalThis.indexedDB.constructor as { new (): IDBFactory })();
    expect(await item.get()).toBe('');
  });
});
