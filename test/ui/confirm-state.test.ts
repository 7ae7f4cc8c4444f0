import { describe, expect, it } from 'vitest';
import { cardOfRecord, shownPayload } from '../../src/ui/confirm-state';
import type { ConfirmationRecord } from '../../src/core';

const payload = { site: 'http://127.0.0.1:4517', ticket: '#1', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: 'Hi' };

describe('cardOfRecord', () => {
  const record = (patch: Partial<ConfirmationRecord>): ConfirmationRecord => ({
    id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { tabId: 3 }, createdAt: 0, expiresAt: 1, status: 'used', ...patch,
  });

  it('builds a card from a record with its error', () => {
    expect(cardOfRecord(record({ outcome: 'failed', outcomeError: 'Button missing' }))).toEqual({
      id: 'c1', tool: 'reply.send', payload, expiresAt: 1, state: 'failed', error: 'Button missing',
    });
  });

  it('shows an unknown outcome as unknown, with the reason', () => {
    expect(cardOfRecord(record({ outcome: 'unknown', outcomeError: 'The page reloaded' }))).toMatchObject({ state: 'unknown', error: 'The page reloaded' });
  });
});

describe('shownPayload', () => {
  it('keeps exactly the five text fields', () => {
    expect(shownPayload(payload)).toEqual(payload);
  });

  it('keeps the helpdesk\'s side effects, known kinds only', () => {
    const effects = [{ kind: 'status', to: 'Pending' }, { kind: 'assign', to: 'Jordan Lee' }, { kind: 'unassign' }];
    expect(shownPayload({ ...payload, effects })).toEqual({ ...payload, effects });
    for (const bad of [[{ kind: 'status', to: 'Pending', close: true }], [{ kind: 'assign_you', to: 'Eve' }], [{ kind: 'forward', to: 'eve@example.com' }], []]) {
      expect(shownPayload({ ...payload, effects: bad })).toBeNull();
    }
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
