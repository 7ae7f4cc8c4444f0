import { describe, expect, it } from 'vitest';
import { cardOfRecord, confirmStateOf, recordState, shownPayload } from '../../src/ui/confirm-state';
import type { ConfirmationRecord } from '../../src/core';

const payload = { site: 'http://127.0.0.1:4517', ticket: '#1', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: 'Hi' };

describe('confirmStateOf', () => {
  it('calls an ok result sent', () => {
    expect(confirmStateOf({ ok: true })).toBe('sent');
  });

  it.each(['not_found', 'expired', 'already_used', 'cancelled', 'digest_mismatch', 'scope_changed', 'not_granted', 'out_of_scope', 'unknown_tool'])(
    'calls %s refused: nothing left',
    (code) => expect(confirmStateOf({ ok: false, code, error: 'x' })).toBe('refused'),
  );

  it('calls a timeout unknown: the reply may have gone out', () => {
    expect(confirmStateOf({ ok: false, code: 'timeout' })).toBe('unknown');
  });

  it.each(['tool_failed', 'internal', 'no_answer', undefined])('calls %s failed', (code) => {
    expect(confirmStateOf({ ok: false, ...(code ? { code } : {}) })).toBe('failed');
  });
});

describe('recordState', () => {
  const record = (patch: Partial<ConfirmationRecord>): ConfirmationRecord => ({
    id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { tabId: 3 }, createdAt: 0, expiresAt: 1, status: 'used', ...patch,
  });

  it('reads the stored outcome', () => {
    expect(recordState(record({ status: 'pending' }))).toBe('pending');
    expect(recordState(record({ status: 'cancelled' }))).toBe('refused');
    expect(recordState(record({ outcome: 'sent' }))).toBe('sent');
    expect(recordState(record({ outcome: 'failed' }))).toBe('failed');
    expect(recordState(record({ outcome: 'unknown' }))).toBe('unknown');
    // Marked used but no outcome written: the worker stopped mid-delivery.
    expect(recordState(record({ outcome: 'delivering' }))).toBe('unknown');
  });

  it('builds a card from a record with its error', () => {
    expect(cardOfRecord(record({ outcome: 'failed', outcomeError: 'Button missing' }))).toEqual({
      id: 'c1', tool: 'reply.send', payload, expiresAt: 1, state: 'failed', error: 'Button missing',
    });
  });
});

describe('shownPayload', () => {
  it('keeps exactly the five text fields', () => {
    expect(shownPayload(payload)).toEqual(payload);
  });

  it('refuses a payload with a field the card would not show', () => {
    expect(shownPayload({ ...payload, cc: 'eve@example.com' })).toBeNull();
  });

  it('refuses a missing or non-text field', () => {
    const { body: _body, ...noBody } = payload;
    expect(shownPayload(noBody)).toBeNull();
    expect(shownPayload({ ...payload, body: { html: '<b>x</b>' } })).toBeNull();
    expect(shownPayload(null)).toBeNull();
    expect(shownPayload([payload])).toBeNull();
  });
});
