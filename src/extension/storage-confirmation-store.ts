import { browser } from 'wxt/browser';
import type { ConfirmationRecord, ConfirmationStore } from '../core';
import { createSerial } from './serial';

const KEY = 'confirmations';
/** Closed records are kept a day for the "outcome unknown" check, then dropped. */
const KEEP_CLOSED_MS = 24 * 60 * 60_000;

type Records = Record<string, ConfirmationRecord>;

/**
 * Pending confirmations in storage.local, so a confirm survives the service worker being
 * stopped. Every change goes through one serial section and is written before it
 * resolves: `markUsed` is persisted before `deliver` can run.
 */
export function createStorageConfirmationStore(now: () => number = Date.now): ConfirmationStore {
  const serial = createSerial();

  const read = async (): Promise<Records> => ((await browser.storage.local.get(KEY))[KEY] as Records) ?? {};
  const write = (records: Records) => browser.storage.local.set({ [KEY]: records });
  const change = (fn: (records: Records) => boolean) =>
    serial(async () => {
      const records = await read();
      const changed = fn(records);
      if (changed) await write(records);
      return changed;
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
      return (await serial(read))[id];
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
      return Object.values(await serial(read));
    },
  };
}
