import { describe, expect, it } from 'vitest';
import { cardIsHere, cardIsShown, cardOfRecord, type ConfirmCardModel } from '../../src/ui/confirm-state';
import { cardAway, earlierSendOf, shownPayload } from '../../src/ui/confirm-shown';
import type { ViewState } from '../../src/shared/protocol';
import type { ConfirmationRecord } from '../../src/core';

const payload = { site: 'http://127.0.0.1:4517', ticket: '#1', recipient: 'Ada <ada@example.com>', subject: 'Re: Refund', body: 'Hi' };

describe('cardOfRecord', () => {
  const record = (patch: Partial<ConfirmationRecord>): ConfirmationRecord => ({
    id: 'c1', tool: 'reply.send', payload, digest: 'd', ctx: { tabId: 3 }, createdAt: 0, expiresAt: 1, status: 'used', ...patch,
  });

  it('builds a card from a record with its error', () => {
    expect(cardOfRecord(record({ outcome: 'failed', outcomeError: 'Button missing' }))).toEqual({
      id: 'c1', tool: 'reply.send', payload, expiresAt: 1, state: 'failed', error: 'Button missing', home: { site: null, ticket: null },
    });
  });

  it("names the ticket it was prepared for, from the record's context", () => {
    expect(cardOfRecord(record({ ctx: { tabId: 3, scope: 'http://127.0.0.1:4517', ticketKey: '1' } })).home).toEqual({ site: 'http://127.0.0.1:4517', ticket: '1' });
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

describe('cards of the ticket shown', () => {
  const A = 'http://127.0.0.1:4517';
  const card: ConfirmCardModel = { id: 'c1', tool: 'reply.send', payload, expiresAt: 1, state: 'pending', home: { site: A, ticket: '1' } };
  const view = (page: { origin: string; key: string | null; label?: string } | null, lastSends: ViewState['lastSends'] = {}): ViewState => ({
    page: page && { tabId: 3, adapterId: 'x', adapterTitle: 'X', origin: page.origin, ticket: page.key === null ? null : { key: page.key, label: page.label ?? `#${page.key}` } },
    tools: [], site: null, pending: [], unknown: [], sent: [], lastSends, access: null, teach: null,
  });

  it('shows a card only on its own ticket: site and ticket key together', () => {
    expect(cardIsHere(card, view({ origin: A, key: '1' }))).toBe(true);
    expect(cardIsHere(card, view({ origin: A, key: '2' }))).toBe(false);
    expect(cardIsHere(card, view({ origin: 'http://127.0.0.1:4518', key: '1' }))).toBe(false);
    expect(cardIsHere(card, view({ origin: A, key: null }))).toBe(false);
    expect(cardIsHere(card, null)).toBe(false);
    // A send prepared with no ticket belongs to none.
    expect(cardIsHere({ ...card, home: { site: A, ticket: null } }, view({ origin: A, key: null }))).toBe(false);
  });

  it("keeps a send under way or settled in sight while the tab shows no ticket of its site (loading, the helpdesk's list), never a card to confirm", () => {
    const delivering = { ...card, state: 'delivering' as const };
    expect(cardIsShown(card, view({ origin: A, key: '1' }))).toBe(true);
    expect(cardIsShown(delivering, view({ origin: A, key: null }))).toBe(true);
    expect(cardIsShown({ ...card, state: 'sent' }, view(null))).toBe(true);
    expect(cardIsShown({ ...card, state: 'unknown' }, null)).toBe(true);
    // A card to confirm stays on its ticket; another ticket or another site shows none of its cards.
    expect(cardIsShown(card, view({ origin: A, key: null }))).toBe(false);
    expect(cardIsShown(card, view(null))).toBe(false);
    expect(cardIsShown(delivering, view({ origin: A, key: '2' }))).toBe(false);
    expect(cardIsShown(delivering, view({ origin: 'http://127.0.0.1:4518', key: null }))).toBe(false);
    expect(cardIsShown({ ...delivering, home: { site: A, ticket: null } }, view({ origin: A, key: null }))).toBe(false);
  });

  it('is nothing on the ticket the card was prepared on, or for a card that is not pending', () => {
    expect(cardAway(view({ origin: A, key: '1' }), card)).toBeNull();
    expect(cardAway(view({ origin: A, key: '2' }), { ...card, state: 'sent' })).toBeNull();
  });

  it('names the ticket the tab shows now, or none, by the same test the background refuses with (site and ticket key)', () => {
    expect(cardAway(view({ origin: A, key: '2', label: '#2 (Bob)' }), card)).toEqual({ home: '#1', shows: '#2 (Bob)' });
    // The same ticket number on another helpdesk is another customer.
    expect(cardAway(view({ origin: 'http://127.0.0.1:4518', key: '1' }), card)).toEqual({ home: '#1', shows: '#1 (127.0.0.1:4518)' });
    expect(cardAway(view({ origin: A, key: null }), card)).toEqual({ home: '#1', shows: null });
    expect(cardAway(view(null), card)).toEqual({ home: '#1', shows: null });
  });

  it("says the ticket already had a reply: the view's newest word, else the prepare's, never the card itself", () => {
    const earlier = { id: 'c0', at: 5, phase: 'sent' as const };
    expect(earlierSendOf(card, view({ origin: A, key: '1' }))).toBeNull();
    expect(earlierSendOf({ ...card, lastSend: earlier }, view({ origin: A, key: '1' }))).toEqual(earlier);
    const newer = { id: 'c9', at: 9, phase: 'unknown' as const };
    expect(earlierSendOf({ ...card, lastSend: earlier }, view({ origin: A, key: '1' }, { 'reply.send': newer }))).toEqual(newer);
    // A note is not a reply; the card that sent is not "another"; a card that is no longer pending says nothing.
    expect(earlierSendOf(card, view({ origin: A, key: '1' }, { 'note.add': newer }))).toBeNull();
    expect(earlierSendOf(card, view({ origin: A, key: '1' }, { 'reply.send': { ...newer, id: 'c1' } }))).toBeNull();
    expect(earlierSendOf({ ...card, state: 'sent' }, view({ origin: A, key: '1' }, { 'reply.send': newer }))).toBeNull();
  });
});
