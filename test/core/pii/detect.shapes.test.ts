import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { detectPersonalData } from '../../../src/core/pii';

const found = (text: string) => detectPersonalData(text, { checks: numberChecks }).map((f) => [f.kind, text.slice(f.start, f.end)]);
/** Without the number plans: every phone- or IBAN-shaped run counts (more is hidden, never less). */
const byShape = (text: string) => detectPersonalData(text).map((f) => [f.kind, text.slice(f.start, f.end)]);

describe('the shapes personal data is found in', () => {
  it('finds email addresses on one-letter domains and subdomains', () => {
    expect(found('Write to jo@x.io or ann@mail.x.example.com.')).toEqual([
      ['EMAIL', 'jo@x.io'],
      ['EMAIL', 'ann@mail.x.example.com'],
    ]);
  });

  it('finds an IBAN right after a code that looks like the start of one', () => {
    expect(found('Account EU1 DE89 3704 0044 0532 0130 00')).toEqual([['IBAN', 'DE89 3704 0044 0532 0130 00']]);
    expect(byShape('Code XY1 ABCD EFGH IJKL')).toEqual([]);
  });

  it('finds British postcodes of every form', () => {
    for (const postcode of ['M1 1AE', 'W12 7RJ', 'SW1A 1AA', 'BS1 5TT', 'EC1A  1BB']) {
      expect(found(`Post it to ${postcode}, please`)).toEqual([['ADDRESS', postcode]]);
    }
  });

  it('finds street addresses with a house letter, several words, or doubled spaces', () => {
    expect(found('at 221B Baker Street today')).toEqual([['ADDRESS', '221B Baker Street']]);
    expect(found('at 7 Upper Church Lane today')).toEqual([['ADDRESS', '7 Upper Church Lane']]);
    expect(found('at 9  Mill  Road today')).toEqual([['ADDRESS', '9  Mill  Road']]);
  });

  it('finds German streets with a number of several digits or a letter, and a place with two names', () => {
    expect(found('Lindenweg 12, bitte')).toEqual([['ADDRESS', 'Lindenweg 12']]);
    expect(found('Am Ring 12a, bitte')).toEqual([['ADDRESS', 'Am Ring 12a']]);
    expect(found('Hauptstraße  5, bitte')).toEqual([['ADDRESS', 'Hauptstraße  5']]);
    expect(found('in 10117 Berlin Mitte, bitte')).toEqual([['ADDRESS', '10117 Berlin Mitte']]);
    expect(found('in 10117  Berlin, bitte')).toEqual([['ADDRESS', '10117  Berlin']]);
  });

  it('finds an international number written with 00, as the number plans know it', () => {
    expect(found('Call 0049 151 23456789 today')).toEqual([['PHONE', '0049 151 23456789']]);
    expect(found('Call 030 12345600 today')).toEqual([['PHONE', '030 12345600']]);
  });

  it('tells a phone number from a phone-shaped run by the number plans', () => {
    expect(found('Ref +1 000 000 0000')).toEqual([]);
    expect(byShape('Ref +1 000 000 0000')).toEqual([['PHONE', '+1 000 000 0000']]);
  });

  it('counts, without the number plans, phone-shaped runs of 7 to 15 digits', () => {
    expect(byShape('Call (01) 23-45 now')).toEqual([]);
    expect(byShape('Call (01) 23-456 now')).toEqual([['PHONE', '(01) 23-456']]);
    expect(byShape('Call +123456789012345 now')).toEqual([['PHONE', '+123456789012345']]);
    expect(byShape('Call +1234567890123456 now')).toEqual([]);
  });
});

describe('personal data written without a space between', () => {
  it('finds each, once, where they touch', () => {
    expect(found('jo@x.io4111 1111 1111 1111')).toEqual([
      ['EMAIL', 'jo@x.io'],
      ['CARD', '4111 1111 1111 1111'],
    ]);
    expect(found('221B Baker St.(415) 555-0132')).toEqual([
      ['ADDRESS', '221B Baker St.'],
      ['PHONE', '(415) 555-0132'],
    ]);
  });

  it('finds one kind, never two overlapping, where one holds the other', () => {
    expect(found('mail 0301234567@example.com now')).toEqual([['EMAIL', '0301234567@example.com']]);
  });
});
