import { describe, expect, it } from 'vitest';
import { cardAway, cardOfRecord, shownPayload } from '../../src/ui/confirm-state';
import type { ViewState } from '../../src/shared/protocol';
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

describe('cardAway', () => {
  const A = 'http://127.0.0.1:4517';
  const pending: ConfirmationRecord = { id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { tabId: 3, scope: A, ticketKey: '1' }, createdAt: 0, expiresAt: 1, status: 'pending' };
  const view = (page: { origin: string; key: string | null; label?: string } | null, records = [pending]): ViewState => ({
    page: page && { tabId: 3, adapterId: 'x', adapterTitle: 'X', origin: page.origin, ticket: page.key === null ? null : { key: page.key, label: page.label ?? `#${page.key}` } },
    tools: [], site: null, pending: records, unknown: [], sent: [], access: null, teach: null,
  });

  it('is nothing on the ticket the card was prepared on, or for a card the view does not list as pending', () => {
    expect(cardAway(view({ origin: A, key: '1' }), 'c1')).toBeNull();
    expect(cardAway(view({ origin: A, key: '2' }), 'other')).toBeNull();
    expect(cardAway(null, 'c1')).toBeNull();
  });

  it('names the ticket the tab shows now, or none, by the same test the background refuses with (site and ticket key)', () => {
    expect(cardAway(view({ origin: A, key: '2', label: '#2 (Bob)' }), 'c1')).toEqual({ home: '#1', shows: '#2 (Bob)' });
    // The same ticket number on another helpdesk is another customer.
    expect(cardAway(view({ origin: 'http://127.0.0.1:4518', key: '1' }), 'c1')).toEqual({ home: '#1', shows: '#1 (127.0.0.1:4518)' });
    expect(cardAway(view({ origin: A, key: null }), 'c1')).toEqual({ home: '#1', shows: null });
    expect(cardAway(view(null), 'c1')).toEqual({ home: '#1', shows: null });
  });

  it('holds nothing for a send prepared with no ticket, which the background does not tie to one', () => {
    const loose = { ...pending, ctx: { tabId: 3, scope: A } };
    expect(cardAway(view({ origin: A, key: '2' }, [loose]), 'c1')).toBeNull();
  });
});
