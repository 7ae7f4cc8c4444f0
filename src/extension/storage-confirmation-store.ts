import type { ConfirmationRecord, ConfirmationStore } from '../core';
import { confirmationsItem } from './items';

/** Closed records are kept a day for the "outcome unknown" check, then dropped. */
const KEEP_CLOSED_MS = 24 * 60 * 60_000;

type Records = Record<string, ConfirmationRecord>;

/**
 * Pending confirmations in the background's vault (out of every content script's reach), so a
 * confirm survives the service worker being stopped. Every change is one update of the item
 * and is written before it resolves: `markUsed` is persisted before `deliver` can run.
 */
export function createStorageConfirmationStore(now: () => number = Date.now): ConfirmationStore {
  const change = (fn: (records: Records) => boolean) =>
    confirmationsItem.update((records) => {
      const changed = fn(records);
      return changed ? { value: records, result: true } : { result: false };
    });

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
      return (await confirmationsItem.get())[id];
    },
    markUsed(id, at) {
      return change((records) => {
        const record = records[id];
        if (!record || record.status !== 'pending') return false;
        records[id] = { ...record, status: 'used', usedAt: at };
        return true;
      });
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
      return Object.values(await confirmationsItem.get());
    },
  };
}
