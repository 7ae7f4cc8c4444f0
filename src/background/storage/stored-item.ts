import { createSerial } from './serial';
import { vault, vaultGeneration, type Vault } from './vault';

/**
 * One persisted value: its key, its current version, a fallback when nothing is stored, and
 * the migrations that bring an older stored version up to date (WXT's storage.defineItem
 * shape). Stored as `{ v, value }`; a value from an older version is migrated on read and
 * written back, so each migration runs once.
 */
export interface ItemDefinition<T> {
  key: string;
  version: number;
  fallback: () => T;
  /** `migrations[n]` turns a version n-1 value into version n. */
  migrations?: Record<number, (old: unknown) => unknown | Promise<unknown>>;
  /**
   * Kept in memory after the first read and written through, so later reads cost no storage
   * round trip (items a turn reads before its first request). Only for items that nothing but
   * the background writes. Every reader shares the value, so it is handed out frozen (shallowly).
   */
  kept?: boolean;
}

export interface StoredItem<T> {
  readonly key: string;
  readonly version: number;
  get(): Promise<T>;
  set(value: T): Promise<void>;
  /** Read, change, write, with no other change of this item in between. */
  update<R>(change: (value: T) => { value: T; result: R } | { value?: undefined; result: R }): Promise<R>;
  /** Whether anything is stored under the key. */
  exists(): Promise<boolean>;
  remove(): Promise<void>;
}

interface Envelope {
  v: number;
  value: unknown;
}

const isEnvelope = (x: unknown): x is Envelope =>
  typeof x === 'object' && x !== null && typeof (x as Envelope).v === 'number' && 'value' in x;

export function defineItem<T>(def: ItemDefinition<T>, area: Vault = vault): StoredItem<T> {
  const serial = createSerial();

  // What storage holds, as this worker last read or wrote it; a fresh vault (tests) drops it.
  let memory: { generation: number; present: boolean; value: T } | undefined;
  const known = () => (def.kept && memory?.generation === vaultGeneration() ? memory : undefined);
  const remember = (generation: number, present: boolean, value: T): T => {
    if (!def.kept || generation !== vaultGeneration()) return value;
    if (typeof value === 'object' && value !== null) Object.freeze(value);
    memory = { generation, present, value };
    return value;
  };

  async function read(): Promise<T> {
    const kept = known();
    if (kept) return kept.value;
    const generation = vaultGeneration();
    const stored = await area.get(def.key);
    if (!isEnvelope(stored)) return remember(generation, false, def.fallback());
    // A value from a newer version than this code knows is not guessed at.
    if (stored.v > def.version) return remember(generation, true, def.fallback());
    if (stored.v === def.version) return remember(generation, true, stored.value as T);
    let value = stored.value;
    for (let v = stored.v + 1; v <= def.version; v++) {
      const migrate = def.migrations?.[v];
      if (!migrate) throw new Error(`${def.key}: no migration to version ${v}`);
      value = await migrate(value);
    }
    await area.set(def.key, { v: def.version, value });
    return remember(generation, true, value as T);
  }
  const write = async (value: T) => {
    const generation = vaultGeneration();
    memory = undefined; // a failed write leaves storage to say what is true
    await area.set(def.key, { v: def.version, value });
    // A copy: the caller keeps its object and may change it.
    if (def.kept) remember(generation, true, structuredClone(value));
  };

  return {
    key: def.key,
    version: def.version,
    get: () => serial(read),
    set: (value) => serial(() => write(value)),
    update: (change) =>
      serial(async () => {
        // The change may alter what it is given: a kept value is shared, so it gets a copy.
        const next = change(def.kept ? structuredClone(await read()) : await read());
        if (next.value !== undefined) await write(next.value);
        return next.result;
      }),
    exists: async () => known()?.present ?? isEnvelope(await area.get(def.key)),
    remove: () =>
      serial(async () => {
        memory = undefined;
        await area.remove(def.key);
      }),
  };
}

/** Writes a value as a given (older) version, for the one-time import of legacy storage. */
export async function storeAsVersion(key: string, v: number, value: unknown, area: Vault = vault): Promise<void> {
  await area.set(key, { v, value });
}
