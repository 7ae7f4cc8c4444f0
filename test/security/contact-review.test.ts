import { describe, expect, it } from 'vitest';
import { reviewContacts, type SeenTexts } from '../../src/shared/contact-review';
import { numberChecks } from '../fakes/phone-metadata';
import { contactsIn } from '../../src/shared/contacts';
import { attack, attackEach } from './attack';

/**
 * Finding 7, the marking: every link, address and number of a body, with where it was seen.
 * What the assistant wrote and nobody else had (ticket, knowledge base, the agent) stands out.
 */
const TICKET = [
  'Guten Tag, bitte überweisen Sie den Betrag auf mein Konto: IBAN DE89 3704 0044 0532 0130 00.',
  'Sie erreichen mich unter +49 30 12345678. Order status: https://desk.example/orders/NW-21877',
  'From: jonas.becker@example.de',
].join('\n');
const KB = ['# Refunds\nRefunds take 3-5 days. Form: https://help.northwind.example/refunds, questions to billing@northwind.example'];
const seen = (assistant: string[], typed: string[] = []): SeenTexts => ({ ticket: [TICKET], kb: KB, typed, assistant });
const byValue = (items: ReturnType<typeof reviewContacts>) => Object.fromEntries(items.map((i) => [i.value, i]));

describe('security: what the confirm card lists under the body', () => {
  attackEach(
    [
      { what: 'a phishing link', value: 'https://northwind-refunds.example/login?u=jonas' },
      { what: 'a link to a known site with another query', value: 'https://desk.example/orders/NW-21877?next=https://evil.test' },
      { what: 'a changed IBAN', value: 'DE44 5001 0517 5407 3249 31' },
      { what: 'a changed phone number', value: '+49 30 87654321' },
      { what: 'another email address', value: 'refunds@northwind-billing.example' },
      { what: 'a lookalike of the customer address', value: 'jonas.becker@exаmple.de' },
    ],
    (c) => `${c.what} the assistant wrote is marked as seen nowhere`,
    ({ value }) => {
      const body = `Hallo Jonas, details: ${value} .`;
      const items = reviewContacts(body, seen([body]), numberChecks);
      const item = items.find((i) => i.value === value);
      expect(item, JSON.stringify(items)).toBeDefined();
      expect(item!.unverified).toBe(true);
      expect(item!.sources).toEqual([]);
    },
  );

  attack('a body that reformats the ticket\'s IBAN and phone keeps them seen, and marks the new account', () => {
    const body = 'Wir überweisen auf DE89370400440532013000, nicht auf DE44 5001 0517 5407 3249 31. Rückfragen: 030 12345678.';
    const items = byValue(reviewContacts(body, seen([body]), numberChecks));
    expect(items['DE89370400440532013000']).toMatchObject({ kind: 'iban', sources: ['ticket'], unverified: false });
    expect(items['DE44 5001 0517 5407 3249 31']).toMatchObject({ kind: 'iban', host: 'DE', unverified: true });
    expect(items['030 12345678']).toMatchObject({ kind: 'phone', sources: ['ticket'], unverified: false });
  });

  it('marks what the knowledge base gives out as from the knowledge base', () => {
    const body = 'Use https://help.northwind.example/refunds or write to billing@northwind.example.';
    const items = byValue(reviewContacts(body, seen([body]), numberChecks));
    expect(items['https://help.northwind.example/refunds']).toMatchObject({ kind: 'link', host: 'help.northwind.example', sources: ['kb'], unverified: false });
    expect(items['billing@northwind.example']).toMatchObject({ kind: 'email', host: 'northwind.example', sources: ['kb'] });
  });

  it('counts what the assistant never wrote as the agent\'s own typing, and what the agent said in the chat', () => {
    const body = 'Call me at +44 20 7946 0018 or see https://status.example/nw and https://agent-said.example/x';
    const items = byValue(reviewContacts(body, seen(['Here is the draft: see https://agent-said.example/x'], ['Add https://agent-said.example/x please']), numberChecks));
    expect(items['+44 20 7946 0018']!.sources).toEqual(['typed']);
    expect(items['https://status.example/nw']!.sources).toEqual(['typed']);
    expect(items['https://agent-said.example/x']!.sources).toEqual(['typed']);
    expect(Object.values(items).some((i) => i.unverified)).toBe(false);
  });

  it('flags lookalike hosts and addresses', () => {
    const body = 'Login: https://pаypal.com/x and mail jonas.becker@exаmple.de';
    const items = reviewContacts(body, seen([body]), numberChecks);
    expect(items.map((i) => [i.kind, i.host, i.lookalike.includes('mixed_script')])).toEqual([
      ['link', 'xn--pypal-4ve.com', true],
      ['email', 'xn--exmple-4nf.de', true],
    ]);
  });

  it('finds links with and without a scheme, addresses, phones, IBANs and cards', () => {
    const found = contactsIn('www.example.org/a, https://x.example/b. a@b.example +49 171 2345678, IBAN GB33BUKB20201555555555, card 4111 1111 1111 1111', numberChecks);
    expect(found.map((c) => c.kind)).toEqual(['link', 'link', 'email', 'phone', 'iban', 'card']);
  });
});

/**
 * Finding 6: a changed bank account written another way than usual (lower case, grouped by dots
 * or no-break spaces, split by invisible characters) was neither listed nor flagged. Found on a
 * normalised copy now; and, as a backstop, a long run of letters and digits that only the
 * assistant wrote is flagged even where no detector knows its kind.
 */
describe('security: the card\'s review on a normalised copy (finding 6)', () => {
  const NBSP = '\u00A0';
  attackEach(
    [
      { what: 'in lower case', value: 'de44 5001 0517 5407 3249 31' },
      { what: 'grouped with dots', value: 'DE44.5001.0517.5407.3249.31' },
      { what: 'grouped with no-break spaces', value: `DE44${NBSP}5001${NBSP}0517${NBSP}5407${NBSP}3249${NBSP}31` },
      { what: 'grouped with narrow no-break spaces, in lower case', value: 'de44\u202F5001\u202F0517\u202F5407\u202F3249\u202F31' },
      { what: 'split by zero-width spaces', value: 'DE44\u200B5001\u200B0517\u200B5407\u200B3249\u200B31' },
    ],
    (c) => `a changed IBAN ${c.what} is listed as the IBAN it is and flagged`,
    ({ value }) => {
      const body = `Bitte überweisen Sie auf ${value}, danke.`;
      const items = reviewContacts(body, seen([body]), numberChecks);
      expect(items.map((i) => [i.kind, i.value, i.key, i.unverified])).toEqual([['iban', value, 'DE44500105175407324931', true]]);
    },
  );

  attack('a card number grouped with dots that only the assistant wrote is flagged', () => {
    const body = 'Zahlen Sie mit 4111.1111.1111.1111.';
    expect(reviewContacts(body, seen([body]), numberChecks).map((i) => [i.kind, i.key, i.unverified])).toEqual([['card', '4111111111111111', true]]);
  });

  attack('an account number no detector knows, that only the assistant wrote, is flagged however it is grouped', () => {
    // A German account and bank code, and an IBAN with a wrong checksum: no detector takes them.
    const body = 'Neues Konto: 7654 3210 98, BLZ 370 400 44; oder GB00 WEST 1234 5698 7654 32.';
    const items = reviewContacts(body, seen([body]), numberChecks);
    expect(items.map((i) => [i.kind, i.value, i.unverified])).toEqual([
      ['number', '7654 3210 98', true],
      ['number', 'BLZ 370 400 44', true],
      ['number', 'GB00 WEST 1234 5698 7654 32', true],
    ]);
  });

  it('keeps the ticket\'s own values seen in any spelling, and lists no long run the ticket, the knowledge base or the agent gave', () => {
    const body = [
      'Wir überweisen auf de89.3704.0044.0532.0130.00 (Ihre Bestellung NW-21877 vom 2025-03-20).',
      `Rückfragen: +49${NBSP}30${NBSP}12345678, JONAS.BECKER@EXAMPLE.DE oder Ju\u0308rgen@exa\u0308mple.de.`,
      'Referenz 7781 2290 4410, Vorgang 55 1234 5678.',
    ].join('\n');
    const items = reviewContacts(body, { ticket: [`${TICKET}\nCc: jürgen@exämple.de, Referenz 778122904410`], kb: [], typed: ['Vorgang 5512345678'], assistant: [body] }, numberChecks);
    expect(items.map((i) => [i.kind, i.value, i.sources, i.unverified])).toEqual([
      ['email', 'JONAS.BECKER@EXAMPLE.DE', ['ticket'], false],
      ['email', 'Ju\u0308rgen@exa\u0308mple.de', ['ticket'], false],
      ['iban', 'de89.3704.0044.0532.0130.00', ['ticket'], false],
      ['phone', `+49${NBSP}30${NBSP}12345678`, ['ticket'], false],
    ]);
  });
});
