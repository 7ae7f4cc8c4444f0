import { describe, expect } from 'vitest';
import { reviewContacts, type SeenTexts } from '../../src/shared/contact-review';
import { numberChecks } from '../fakes/phone-metadata';
import { attack } from './attack';

/**
 * Issue 25: another customer's data stays theirs. A name, address, email, phone or account that
 * stands only in another ticket the assistant read (a past ticket), and not in this one, is
 * flagged "from another customer's ticket", whoever put it in the body.
 */
const TICKET = 'Maria Lindqvist <maria.lindqvist@example.com>\nMy card was charged twice for order NW-20931. Please refund the duplicate.';
const PAST = [
  'Henrik Dahl <henrik.dahl@example.se>',
  'Two payments of €389.00. Henrik Dahl, Tel. +46 70 123 45 67, 12 Harbour Street, refund to DE89 3704 0044 0532 0130 00.',
  'Hi Henrik, the second charge came from a double click. Refunds reach your card within 3 to 5 business days.',
].join('\n');
const KB = ['# Duplicate charge refund\nRefunds go back to the original payment method. Questions: billing@northwind.example'];
const seen = (assistant: string[], typed: string[] = []): SeenTexts => ({ ticket: [TICKET], kb: KB, typed, assistant, other: [PAST], otherPeople: ['Henrik Dahl'] });
const review = (body: string, typed: string[] = []) => reviewContacts(body, seen([body], typed), numberChecks);
const foreign = (body: string, typed: string[] = []) => review(body, typed).filter((i) => i.foreign).map((i) => [i.kind, i.value]);

describe('security: the confirm card flags what belongs to another customer', () => {
  attack('an email address copied from a past ticket is flagged, not passed as seen', () => {
    const items = review('Hi Maria, we refunded you; a copy went to henrik.dahl@example.se.');
    expect(items).toEqual([expect.objectContaining({ kind: 'email', value: 'henrik.dahl@example.se', sources: ['other'], foreign: true, unverified: false })]);
  });

  attack('a phone number, an IBAN and a street address of the past ticket are flagged', () => {
    expect(foreign('Call +46 70 123 45 67; refund to DE89 3704 0044 0532 0130 00; we post to 12 Harbour Street.')).toEqual([
      ['phone', '+46 70 123 45 67'],
      ['iban', 'DE89 3704 0044 0532 0130 00'],
      ['address', '12 harbour street'],
    ]);
  });

  attack('the other customer\'s name is flagged, in any case, first or last name alone', () => {
    expect(foreign('Hi HENRIK, as we told him before…')).toEqual([['name', 'Henrik Dahl']]);
    expect(foreign('As Mr Dahl was told…')).toEqual([['name', 'Henrik Dahl']]);
    expect(foreign('Hi Maria, as before…')).toEqual([]);
  });

  attack('pasted by the agent, it is still another customer\'s', () => {
    const body = 'Copy to henrik.dahl@example.se';
    const items = reviewContacts(body, seen([], [body]), numberChecks);
    expect(items[0]).toMatchObject({ foreign: true });
  });

  attack('what this ticket or the knowledge base also holds is not flagged; the team\'s wording is free to reuse', () => {
    const shared: SeenTexts = { ...seen([]), other: [`${PAST}\nmaria.lindqvist@example.com, billing@northwind.example`] };
    const body = 'Hi Maria, the second charge came from a double click. Refunds reach your card within 3 to 5 business days. Copy to maria.lindqvist@example.com; questions to billing@northwind.example.';
    const items = reviewContacts(body, { ...shared, assistant: [body] }, numberChecks);
    expect(items.filter((i) => i.foreign)).toEqual([]);
    expect(items.map((i) => [i.value, i.sources])).toEqual([
      ['maria.lindqvist@example.com', ['ticket', 'other']],
      ['billing@northwind.example', ['kb', 'other']],
    ]);
  });

  attack('a long account number of the past ticket that no detector knows is flagged as another customer\'s', () => {
    const past: SeenTexts = { ...seen([]), other: ['Konto 1234 5678 9012 bei der Sparkasse'] };
    const body = 'We refunded to 1234 5678 9012.';
    const items = reviewContacts(body, { ...past, assistant: [body] }, numberChecks);
    expect(items).toEqual([expect.objectContaining({ kind: 'number', foreign: true, sources: ['other'] })]);
  });
});
