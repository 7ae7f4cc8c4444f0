import { MAX_TOTAL_CHARS, MAX_TURNS_PER_CONVERSATION, type OutboundTurn } from '../../shared/outbound';
import { createSerial } from '../storage/serial';
import { defineItem } from '../storage/stored-item';
import { vault, type Vault } from '../storage/vault';

/** Where a kept turn is stored, its place among all kept turns, and its size. */
interface TurnEntry {
  /** Its record: `outbound#<id>`. */
  id: number;
  /** Larger is newer; 0 for a turn kept before turns were numbered (it counts as oldest). */
  seq: number;
  size: number;
}

/** Each conversation's turns in the order they were appended; the next record's number. */
interface OutboundIndex {
  next: number;
  turns: Record<string, TurnEntry[]>;
}

const recordKey = (id: number) => `outbound#${id}`;

const sizeOf = (turn: OutboundTurn) => turn.exchanges.reduce((n, e) => n + e.request.length + e.response.length, 0);

/**
 * Keeps the newest turns: per conversation by their order in its list, and then over all
 * conversations by their sequence. Each conversation's turns stay in the order they were appended.
 */
function bound(turns: Record<string, TurnEntry[]>): { kept: Record<string, TurnEntry[]>; dropped: TurnEntry[] } {
  const all = Object.values(turns).flatMap((list) => list.slice(-MAX_TURNS_PER_CONVERSATION).map((entry, place) => ({ entry, place })));
  all.sort((a, b) => b.entry.seq - a.entry.seq || b.place - a.place);
  const keep = new Set<TurnEntry>();
  let total = 0;
  for (const { entry } of all) {
    total += entry.size;
    if (total > MAX_TOTAL_CHARS) break;
    keep.add(entry);
  }
  const kept: Record<string, TurnEntry[]> = {};
  for (const [key, list] of Object.entries(turns)) {
    const left = list.filter((entry) => keep.has(entry));
    if (left.length) kept[key] = left;
  }
  return { kept, dropped: Object.values(turns).flat().filter((entry) => !keep.has(entry)) };
}

/**
 * The kept turns of what left the browser, one record per turn beside a small index, so a turn's
 * end writes that turn and the index, not every turn kept (a long conversation's requests are
 * large, and each holds the whole conversation). In the background's vault: out of every
 * content script's reach, in both browsers.
 */
export function createOutboundRecords(area: Vault = vault) {
  const index = defineItem<OutboundIndex>(
    {
      key: 'outbound',
      version: 2,
      fallback: () => ({ next: 1, turns: {} }),
      migrations: {
        // Version 1 held every turn in the one value: each becomes a record of its own.
        2: async (old) => {
          const turns: Record<string, TurnEntry[]> = {};
          let id = 0;
          for (const [key, list] of Object.entries((old ?? {}) as Record<string, OutboundTurn[]>)) {
            turns[key] = [];
            for (const turn of list) {
              await area.set(recordKey(++id), turn);
              turns[key].push({ id, seq: turn.seq ?? 0, size: sizeOf(turn) });
            }
          }
          const newest = Math.max(id, ...Object.values(turns).flatMap((list) => list.map((e) => e.seq)));
          return { next: newest + 1, turns } satisfies OutboundIndex;
        },
      },
      // Read at every turn's end; only the background writes it.
      kept: true,
    },
    area,
  );
  const serial = createSerial();
  // Records first, the index after: a stop in between leaves the index naming a record that is gone
  // (read as absent, dropped by the next bound), never a record no index names.
  const drop = (entries: TurnEntry[]) => Promise.all(entries.map((e) => area.remove(recordKey(e.id))));

  return {
    /** Appends `turn` to the conversation `key`, numbered after every turn kept, and drops what the bounds leave out. */
    append: (key: string, turn: OutboundTurn): Promise<void> =>
      serial(async () => {
        const { next, turns } = await index.get();
        const entry: TurnEntry = { id: next, seq: next, size: sizeOf(turn) };
        const { kept, dropped } = bound({ ...turns, [key]: [...(turns[key] ?? []), entry] });
        if (!dropped.includes(entry)) await area.set(recordKey(entry.id), { ...turn, seq: entry.seq });
        await drop(dropped.filter((e) => e !== entry));
        await index.set({ next: next + 1, turns: kept });
      }),

    turns: (key: string): Promise<OutboundTurn[]> =>
      serial(async () => {
        const entries = (await index.get()).turns[key] ?? [];
        const records = await Promise.all(entries.map((e) => area.get(recordKey(e.id))));
        return records.filter((turn): turn is OutboundTurn => turn !== undefined);
      }),

    /** Forgets every conversation whose key `matches`. */
    forget: (matches: (key: string) => boolean): Promise<void> =>
      serial(async () => {
        const { next, turns } = await index.get();
        const gone = Object.keys(turns).filter(matches);
        if (!gone.length) return;
        await drop(gone.flatMap((key) => turns[key]!));
        await index.set({ next, turns: Object.fromEntries(Object.entries(turns).filter(([key]) => !matches(key))) });
      }),
  };
}
