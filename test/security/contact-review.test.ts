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
