import { payloadDigest } from '../../core';
import type { Chained, ChainCheck } from '../../shared/audit';

/** The hash a chain starts from. */
export const GENESIS = '0'.repeat(64);

export type { Chained, ChainCheck } from '../../shared/audit';

export async function entryHash<E extends Chained>(entry: Omit<E, 'hash'> & { hash?: string }): Promise<string> {
  const { hash: _hash, ...rest } = entry;
  return payloadDigest(rest);
}

/** Links an entry to the one before it. */
export async function chain<E extends Chained>(entry: Omit<E, 'prev' | 'hash'>, prev: string): Promise<E> {
  const linked = { ...entry, prev } as Omit<E, 'hash'>;
  return { ...linked, hash: await entryHash<E>(linked) } as E;
}

/**
 * Walks the chain from its anchor (the hash of the last entry dropped for space, or GENESIS):
 * an edited entry no longer matches its hash, a removed one breaks the link of the next, and
 * a reordered one breaks the sequence.
 */
export async function checkChain(entries: readonly Chained[], anchor: string): Promise<ChainCheck> {
  let expected = anchor;
  let seq: number | undefined;
  for (const e of entries) {
    if (seq !== undefined && e.seq !== seq + 1) return { intact: false, seq: e.seq, reason: e.seq > seq + 1 ? 'gap' : 'reordered' };
    if (e.prev !== expected) return { intact: false, seq: e.seq, reason: 'gap' };
    if ((await entryHash(e)) !== e.hash) return { intact: false, seq: e.seq, reason: 'edited' };
    expected = e.hash;
    seq = e.seq;
  }
  return { intact: true };
}
