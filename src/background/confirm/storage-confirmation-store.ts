import type { ConfirmationRecord, ConfirmationStore } from '../../core';
import { confirmationsItem } from '../storage/items';
import type { StoredItem } from '../storage/stored-item';
import { vaultGeneration } from '../storage/vault';

/** Closed records are kept a day for the "outcome unknown" check, then dropped. */
const KEEP_CLOSED_MS = 24 * 60 * 60_000;

type Records = Record<string, ConfirmationRecord>;

/**
 * Pending confirmations in the background's vault (out of every content script's reach), so a
 * confirm survives the service worker being stopped. Every change is one update of the item
 * and is written before it resolves: `markUsed` is persisted before `deliver` can run.
 *
 * Every announce and every view lists the records, so what is stored is kept in memory as
 * well (frozen: a caller cannot change it). Only what decides goes by storage alone: `get`
 * (a confirm, a cancel, a check) reads the stored record, and every change reads, changes and
 * writes what is stored, so a claim is refused for a record storage says is used whatever
 * memory holds. This worker is the item's only writer and a restarted worker reads storage
 * again; a list that a change overtook is not kept. (Not a `kept` item for that reason: a kept
 * item's update starts from memory.) The records themselves are in storage, so a pending send
 * outlives the worker; only this copy is dropped with the vault it was read from. MCP actions
 * keep theirs in an item of their own (`item`).
 */
export function createStorageConfirmationStore(now: () => number = Date.now, item: StoredItem<Records> = confirmationsItem): ConfirmationStore {
  // Good only for the vault it was read from, as every kept item is (stored-item.ts).
  let known: { generation: number; records: Readonly<Records> } | undefined;
  // Counts the changes begun: what a read or a change saw is kept only if no other began since.
  let changes = 0;
  const remember = (generation: number, records: Records): Readonly<Records> => {
    const frozen = Object.freeze(Object.fromEntries(Object.entries(records).map(([id, r]) => [id, deepFreeze(structuredClone(r))])));
    if (generation === vaultGeneration()) known = { generation, records: frozen };
    return frozen;
  };
  const change = async (fn: (records: Records) => boolean): Promise<void> => {
    const mine = ++changes;
    const generation = vaultGeneration();
    known = undefined; // a failed write leaves storage to say what is true
    const stored = await item.update((records) => ({ ...(fn(records) ? { value: records } : {}), result: records }));
    if (changes === mine) remember(generation, stored);
  };
  const all = async (): Promise<Readonly<Records>> => {
    if (known?.generation === vaultGeneration()) return known.records;
    const before = changes;
    const generation = vaultGeneration();
    const stored = await item.get();
    if (changes !== before) return all();
    return remember(generation, stored);
  };

  return {
    async put(record) {
      await change((records) => {
        for (const [id, r] of Object.entries(records)) {
          if (r.expiresAt + KEEP_CLOSED_MS < now()) delete records[id];
        }
        records[record.id] = record;
        return true;
      });
    },
    async get(id) {
      return (await item.get())[id];
    },
    async markUsed(id, at) {
      let claimed = false;
      await change((records) => {
        const record = records[id];
        if (!record || record.status !== 'pending') return false;
        records[id] = { ...record, status: 'used', usedAt: at };
        return (claimed = true);
      });
      return claimed;
    },
    async update(id, patch) {
      await change((records) => {
        const record = records[id];
        if (!record) return false;
        records[id] = { ...record, ...patch };
        return true;
      });
    },
    async list() {
      return Object.values(await all());
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
