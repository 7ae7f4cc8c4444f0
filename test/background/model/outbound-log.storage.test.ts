import { IDBObjectStore } from 'fake-indexeddb';
import { createStore, keys } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOutboundLog } from '../../../src/background/model/outbound-log';
import { storeAsVersion } from '../../../src/background/storage/stored-item';
import { MAX_TURNS_PER_CONVERSATION, type OutboundTurn } from '../../../src/shared/outbound';

type Log = ReturnType<typeof createOutboundLog>;

const endTurn = async (log: Log, key: string, request: string) => {
  const t = log.startTurn(key);
  t.onWire({ kind: 'request', text: request });
  t.onWire({ kind: 'response', text: 'ok' });
  await t.end();
};

/** The JSON bytes of every value the vault's IndexedDB is given while `run` runs. */
async function bytesWritten(run: () => Promise<void>): Promise<number> {
  const put = vi.spyOn(IDBObjectStore.prototype, 'put');
  try {
    await run();
    return put.mock.calls.reduce((n, [value]) => n + JSON.stringify(value).length, 0);
  } finally {
    put.mockRestore();
  }
}

const storedKeys = async () => (await keys(createStore('deskmate', 'items'))).map(String);

describe('what left the browser, as stored', () => {
  afterEach(() => vi.restoreAllMocks());

  it('writes no more at the end of the twelfth turn of a conversation than at the end of its first', async () => {
    const log = createOutboundLog();
    const request = (n: number) => `${String(n).padStart(2, '0')}${'x'.repeat(5_000)}`;
    const perTurn: number[] = [];
    for (let n = 1; n <= MAX_TURNS_PER_CONVERSATION + 2; n++) perTurn.push(await bytesWritten(() => endTurn(log, 'chat:1:a 7', request(n))));
    expect(perTurn[0]).toBeGreaterThan(5_000);
    expect(perTurn.at(-1)!).toBeLessThanOrEqual(perTurn[0]! * 1.2);
    // And what is kept is as before: the newest turns, in order.
    const kept = await log.turns('chat:1:a 7');
    expect(kept.map((t) => t.exchanges[0]!.request)).toEqual(Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => request(i + 3)));
    expect(kept.map((t) => t.seq)).toEqual(Array.from({ length: MAX_TURNS_PER_CONVERSATION }, (_, i) => i + 3));
  });

  it('leaves nothing of a conversation in storage once it is forgotten, or once its turns fall out of the bound', async () => {
    const log = createOutboundLog();
    for (let n = 0; n < MAX_TURNS_PER_CONVERSATION + 3; n++) await endTurn(log, 'chat:1:a 7', `r${n}`);
    await endTurn(log, 'chat:2:a 8', 'other');
    const records = async () => (await storedKeys()).filter((k) => k !== 'outbound' && k.startsWith('outbound'));
    expect(await records()).toHaveLength(MAX_TURNS_PER_CONVERSATION + 1);
    await log.forget('chat:1:a 7');
    expect(await log.turns('chat:1:a 7')).toEqual([]);
    expect(await records()).toHaveLength(1);
    await log.forgetTab('chat:2:');
    expect(await records()).toEqual([]);
  });

  it('keeps the turns stored in one value by an earlier version, and numbers a new turn after them', async () => {
    const turn = (request: string, seq?: number): OutboundTurn => ({ at: 1_700_000_000_000, ...(seq === undefined ? {} : { seq }), exchanges: [{ request, response: 'ok', cut: { request: 0, response: 0 } }] });
    const before = { 'chat:1:a 7': [turn('old'), turn('a', 4), turn('b', 9)], 'chat:1:a 8': [turn('c', 7)] };
    await storeAsVersion('outbound', 1, before);
    const log = createOutboundLog();
    expect(await log.turns('chat:1:a 7')).toEqual(before['chat:1:a 7']);
    expect(await log.turns('chat:1:a 8')).toEqual(before['chat:1:a 8']);
    await endTurn(log, 'chat:1:a 8', 'd');
    expect((await log.turns('chat:1:a 8')).map((t) => [t.exchanges[0]!.request, t.seq])).toEqual([['c', 7], ['d', 10]]);
    // A fresh worker reads the same.
    expect((await createOutboundLog().turns('chat:1:a 7')).map((t) => t.exchanges[0]!.request)).toEqual(['old', 'a', 'b']);
  });
});
