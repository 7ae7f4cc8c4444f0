import { describe, expect, it } from 'vitest';
import { defineItem, storeAsVersion } from '../../../src/background/storage/stored-item';
import { vault } from '../../../src/background/storage/vault';

describe('a stored item', () => {
  it('gives its fallback when nothing is stored, and what was set after', async () => {
    const item = defineItem<{ n: number }>({ key: 't1', version: 1, fallback: () => ({ n: 0 }) });
    expect(await item.get()).toEqual({ n: 0 });
    expect(await item.exists()).toBe(false);
    await item.set({ n: 2 });
    expect(await item.get()).toEqual({ n: 2 });
    expect(await vault.get('t1')).toEqual({ v: 1, value: { n: 2 } });
  });

  it('hands out copies: an edit not written back does not persist', async () => {
    const item = defineItem<{ n: number }>({ key: 't2', version: 1, fallback: () => ({ n: 0 }) });
    await item.set({ n: 1 });
    (await item.get()).n = 99;
    expect(await item.get()).toEqual({ n: 1 });
  });

  it('migrates an older stored version once, in order, and writes it back', async () => {
    const calls: number[] = [];
    const item = defineItem<{ name: string; tags: string[] }>({
      key: 't3',
      version: 3,
      fallback: () => ({ name: '', tags: [] }),
      migrations: {
        2: (old) => (calls.push(2), { name: String(old) }),
        3: (old) => (calls.push(3), { ...(old as object), tags: ['migrated'] }),
      },
    });
    await storeAsVersion('t3', 1, 'legacy');
    expect(await item.get()).toEqual({ name: 'legacy', tags: ['migrated'] });
    expect(await item.get()).toEqual({ name: 'legacy', tags: ['migrated'] });
    expect(calls).toEqual([2, 3]);
    expect(await vault.get('t3')).toMatchObject({ v: 3 });
  });

  it('does not guess at a value from a newer version than it knows', async () => {
    const item = defineItem<number>({ key: 't4', version: 1, fallback: () => 7 });
    await storeAsVersion('t4', 5, 'from the future');
    expect(await item.get()).toBe(7);
  });

  it('serialises updates, so two concurrent ones both count', async () => {
    const item = defineItem<number>({ key: 't5', version: 1, fallback: () => 0 });
    await Promise.all(Array.from({ length: 10 }, () => item.update((n) => ({ value: n + 1, result: undefined }))));
    expect(await item.get()).toBe(10);
  });
});
