import { describe, expect, it } from 'vitest';
import { reviewContacts, type SeenTexts } from '../../src/shared/contact-review';
import { numberChecks } from '../fakes/phone-metadata';

/**
 * The confirm card's list under the body, item by item: where each contact was seen, and the
 * long numbers only the assistant wrote. A number the ticket shows only inside a link or an
 * address is not the same as one it shows on its own.
 */
const seen = (ticket: string, assistant: string): SeenTexts => ({ ticket: [ticket], kb: [], typed: [], assistant: [assistant] });

describe('the confirm card’s review, item by item', () => {
  it('lists a long number only the assistant wrote as seen nowhere, with nothing else said of it', () => {
    const body = 'Please quote Referenz 7781 2290 4410 when you call.';
    expect(reviewContacts(body, seen('Where is my refund?', body), numberChecks)).toEqual([
      { kind: 'number', value: '7781 2290 4410', key: '778122904410', host: null, sources: [], unverified: true, foreign: false, lookalike: [] },
    ]);
  });

  it('still lists a long number the ticket shows only inside a link or an email address', () => {
    const body = 'Please quote Referenz 7781 2290 4410 when you call.';
    for (const ticket of ['Status: https://desk.example/orders/778122904410', 'From: 778122904410@desk.example']) {
      expect([ticket, reviewContacts(body, seen(ticket, body), numberChecks).map((c) => [c.value, c.unverified])]).toEqual([ticket, [['7781 2290 4410', true]]]);
    }
  });

  it('says nothing odd about a plain address or number, and names a lookalike link’s host as written', () => {
    const body = 'Write to billing@desk.example or +49 30 12345678, or log in at HTTP://pаypal.com:8080/login';
    const items = reviewContacts(body, seen(body, body), numberChecks);
    expect(items.map((c) => [c.kind, c.lookalike])).toEqual([
      ['link', ['non_ascii', 'mixed_script', 'punycode']],
      ['email', []],
      ['phone', []],
    ]);
    // A number written with no-break spaces is no lookalike: only links and addresses have hosts.
    const spaced = reviewContacts('Call +49\u00A030\u00A012345678', seen('', ''), numberChecks);
    expect(spaced.map((c) => [c.kind, c.lookalike])).toEqual([['phone', []]]);
    const bare = reviewContacts('Log in at www.pаypal.com/login', seen('', ''), numberChecks);
    expect(bare.map((c) => [c.kind, c.lookalike])).toEqual([['link', ['non_ascii', 'mixed_script', 'punycode']]]);
  });
});
