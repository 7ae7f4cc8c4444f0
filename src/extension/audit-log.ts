import { browser } from 'wxt/browser';
import { createSerial } from './serial';

export type AuditKind = 'prepare' | 'confirm' | 'refuse' | 'cancel' | 'sent' | 'failed' | 'unknown';

/** One line of the append-only record of everything that led, or could lead, to a send. */
export interface AuditEntry {
  seq: number;
  at: number;
  kind: AuditKind;
  tool: string;
  site: string;
  ticket: string | null;
  digest: string | null;
  confirmationId: string | null;
  detail?: string;
}

const KEY = 'audit';
const MAX_ENTRIES = 5000;

export interface AuditLog {
  append(entry: Omit<AuditEntry, 'seq' | 'at'>): Promise<AuditEntry>;
  list(): Promise<AuditEntry[]>;
}

export function createAuditLog(now: () => number = Date.now): AuditLog {
  const serial = createSerial();
  const read = async (): Promise<AuditEntry[]> => ((await browser.storage.local.get(KEY))[KEY] as AuditEntry[]) ?? [];
  return {
    append: (entry) =>
      serial(async () => {
        const entries = await read();
        const full: AuditEntry = { ...entry, seq: (entries.at(-1)?.seq ?? 0) + 1, at: now() };
        entries.push(full);
        await browser.storage.local.set({ [KEY]: entries.slice(-MAX_ENTRIES) });
        return full;
      }),
    list: () => serial(read),
  };
}
