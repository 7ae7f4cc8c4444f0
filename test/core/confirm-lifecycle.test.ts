import { describe, expect, it } from 'vitest';
import { cardStateOf, cardStateOfResult, isUnsettled, lifecycle, outcomeOf, phaseOf } from '../../src/core/confirm-lifecycle';
import { MemoryConfirmationStore, type ConfirmationRecord } from '../../src/core/confirmations';
import { fail } from '../../src/core/results';
import type { ToolErrorCode } from '../../src/core/tool-errors';

const payload = { site: 'http://127.0.0.1:4517', ticket: '#1', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: 'Hi' };
const record = (patch: Partial<ConfirmationRecord> = {}): ConfirmationRecord => ({
  id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { tabId: 3 }, createdAt: 0, expiresAt: 100, status: 'used', ...patch,
});

describe('phaseOf', () => {
  it('reads every state a record can be in', () => {
    expect(phaseOf(record({ status: 'pending' }), 50)).toBe('pending');
    expect(phaseOf(record({ status: 'pending' }), 100)).toBe('expired');
    expect(phaseOf(record({ status: 'cancelled' }), 50)).toBe('cancelled');
    expect(phaseOf(record({ outcome: 'delivering' }), 50)).toBe('delivering');
    expect(phaseOf(record({ outcome: 'sent' }), 50)).toBe('sent');
    expect(phaseOf(record({ outcome: 'failed' }), 50)).toBe('failed');
    expect(phaseOf(record({ outcome: 'unknown' }), 50)).toBe('unknown');
  });

  it('calls a used record without an outcome unknown: the host stopped before writing one', () => {
    expect(phaseOf(record(), 50)).toBe('unknown');
  });
});

describe('outcomeOf a delivery', () => {
  it('is sent on ok', () => expect(outcomeOf({ ok: true })).toBe('sent'));

  it.each<ToolErrorCode>(['timeout', 'outcome_unknown'])('is unknown on %s: the reply may have gone out', (code) => {
    expect(outcomeOf(fail(code, 'x'))).toBe('unknown');
  });

  it.each<ToolErrorCode>(['delivery_failed', 'no_reply_form', 'tool_failed', 'tab_gone'])('is failed on %s', (code) => {
    expect(outcomeOf(fail(code, 'x'))).toBe('failed');
  });
});

describe('the card a confirm answer shows', () => {
  it.each<ToolErrorCode>(['not_found', 'expired', 'already_used', 'cancelled', 'digest_mismatch', 'payload_tampered', 'scope_changed', 'not_granted', 'out_of_scope', 'unknown_tool'])(
    'is refused on %s: nothing left',
    (code) => expect(cardStateOfResult(fail(code, 'x'))).toBe('refused'),
  );

  it('is unknown, not failed, when the page reloaded mid-post', () => {
    expect(cardStateOfResult(fail('outcome_unknown', 'The page reloaded while it was posting'))).toBe('unknown');
  });

  it('agrees with the record the same delivery leaves behind', async () => {
    for (const result of [{ ok: true } as const, fail('outcome_unknown', 'x'), fail('timeout', 'x'), fail('delivery_failed', 'x')]) {
      const store = new MemoryConfirmationStore();
      await store.put(record({ status: 'pending' }));
      await lifecycle.claim(store, 'c1', 1);
      await lifecycle.deliverStarted(store, 'c1');
      await lifecycle.delivered(store, 'c1', result);
      expect(cardStateOf((await store.get('c1'))!, 2)).toBe(cardStateOfResult(result));
    }
  });

  it('shows cancelled and expired records as refused', () => {
    expect(cardStateOf(record({ status: 'cancelled' }), 1)).toBe('refused');
    expect(cardStateOf(record({ status: 'pending' }), 200)).toBe('refused');
  });
});

describe('transitions', () => {
  it('settles an unknown outcome as sent, and nothing else', async () => {
    const store = new MemoryConfirmationStore();
    for (const [id, patch] of [['u', { outcome: 'unknown' }], ['d', { outcome: 'delivering' }], ['f', { outcome: 'failed' }], ['p', { status: 'pending' }], ['c', { status: 'cancelled' }]] as const) {
      await store.put(record({ id, ...patch }));
    }
    const settled: Record<string, boolean> = {};
    for (const r of await store.list()) settled[r.id] = await lifecycle.settledSent(store, r);
    expect(settled).toEqual({ u: true, d: true, f: false, p: false, c: false });
    expect(phaseOf((await store.get('u'))!, 1)).toBe('sent');
    expect(phaseOf((await store.get('d'))!, 1)).toBe('sent');
    expect((await store.get('f'))!.outcome).toBe('failed');
    expect((await store.get('p'))!.status).toBe('pending');
  });

  it('keeps "sent" when the page found the reply before the delivery itself gave up', async () => {
    for (const late of [fail('timeout', 'no answer in time'), fail('outcome_unknown', 'the page went away'), fail('delivery_failed', 'refused')]) {
      const store = new MemoryConfirmationStore();
      await store.put(record({ outcome: 'delivering' }));
      expect(await lifecycle.settledSent(store, (await store.get('c1'))!)).toBe(true);
      expect(await lifecycle.delivered(store, 'c1', late)).toBe('sent');
      const after = (await store.get('c1'))!;
      expect(phaseOf(after, 1)).toBe('sent');
      expect(after.outcomeError).toBeUndefined();
    }
  });

  it('writes the outcome and the error of a delivery that did not end sent', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record({ outcome: 'delivering' }));
    expect(await lifecycle.delivered(store, 'c1', fail('timeout', 'no answer in 15 s'))).toBe('unknown');
    expect(await store.get('c1')).toMatchObject({ outcome: 'unknown', outcomeError: 'no answer in 15 s' });
    expect(await lifecycle.delivered(store, 'c1', { ok: true })).toBe('sent');
    expect(await store.get('c1')).toMatchObject({ outcome: 'sent' });
  });

  it('settles a send the host stopped in before it wrote any outcome', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record());
    expect(isUnsettled(record())).toBe(true);
    expect(await lifecycle.settledSent(store, record())).toBe(true);
    expect(phaseOf((await store.get('c1'))!, 1)).toBe('sent');
  });

  it('notes how many copies the thread showed before the click', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record({ status: 'pending' }));
    await lifecycle.baseline(store, 'c1', 2);
    expect((await store.get('c1'))!.copiesBefore).toBe(2);
  });

  it('burns a pending record whose payload was changed, saying why, and never one already claimed', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record({ status: 'pending' }));
    await lifecycle.burn(store, 'c1', 5, 'changed in the store');
    expect(await store.get('c1')).toMatchObject({ status: 'cancelled', outcome: 'failed', outcomeError: 'changed in the store', usedAt: 5 });

    // A confirm that won the claim and delivered: a later burn must not rewrite what happened.
    await store.put(record({ id: 'c2', status: 'used', outcome: 'sent', usedAt: 3 }));
    await lifecycle.burn(store, 'c2', 6, 'changed in the store');
    expect(await store.get('c2')).toMatchObject({ status: 'used', outcome: 'sent', usedAt: 3 });
    expect(phaseOf((await store.get('c2'))!, 7)).toBe('sent');
  });

  it('cancels only a pending record', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record({ status: 'pending' }));
    expect(await lifecycle.cancel(store, 'c1', 5)).toBe(true);
    expect(await lifecycle.cancel(store, 'c1', 6)).toBe(false);
    expect(phaseOf((await store.get('c1'))!, 7)).toBe('cancelled');
  });

  it('marks a delivery the host never finished unknown, and unsettled', async () => {
    const store = new MemoryConfirmationStore();
    await store.put(record({ outcome: 'delivering' }));
    await lifecycle.interrupted(store, 'c1');
    const after = (await store.get('c1'))!;
    expect(phaseOf(after, 1)).toBe('unknown');
    expect(isUnsettled(after)).toBe(true);
  });
});

describe('the one owner of the record', () => {
  it('is the only module that changes a record once it is stored', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { join, relative } = await import('node:path');
    const src = new URL('../../src', import.meta.url).pathname;
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));
    const writers = walk(src)
      .filter((file) => /\.markUsed\(|\bstore\.update\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(writers).toEqual(['core/confirm-lifecycle.ts']);
  });
});
