import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { detectPersonalData } from '../../../src/core/pii';

const found = (text: string, checks = true) =>
  detectPersonalData(text, checks ? { checks: numberChecks } : {}).map((f) => [f.kind, text.slice(f.start, f.end)]);

describe('card numbers as people write them', () => {
  it('finds real card numbers in groups of spaces, dashes or dots, and as one run', () => {
    for (const card of ['4111 1111 1111 1111', '5555-5555-5555-4444', '4111–1111–1111–1111', '3782 822463 10005', '6011.1111.1111.1117', '5555555555554444']) {
      expect([card, found(`Card: ${card}, thanks`)]).toEqual([card, [['CARD', card]]]);
    }
  });

  it('ends a card at a group’s end, never inside the group that follows it', () => {
    // "4111 1111 1111 1111 3" would pass the Luhn check too, but a card does not end mid-group.
    expect(found('Paid with 4111 1111 1111 1111 301 yesterday')).toEqual([['CARD', '4111 1111 1111 1111']]);
    // Grouped with dashes a keyboard does not have (as a word processor writes them) too.
    expect(found('Paid with 4111—1111—1111—1111 301 yesterday')).toEqual([['CARD', '4111—1111—1111—1111']]);
    expect(found('Paid with 4111 1111 1111 1111—301 yesterday')).toEqual([['CARD', '4111 1111 1111 1111']]);
  });

  it('takes no run shorter than 13 digits for a card, even where its first groups pass the Luhn check', () => {
    // The first 12 digits pass the check; the whole 16 do not.
    expect(found('Order 5555 5555 0006 0100 shipped')).toEqual([]);
  });
});

describe('dates in a phone number’s clothes', () => {
  it('leaves dates alone even where nothing checks phone numbers against the number plans', () => {
    for (const text of ['due (2025-03-20) at noon', 'due (20.03.2025) at noon', 'due 03/20/2025 at noon', 'due 01.02.25 at noon']) {
      expect([text, found(text, false)]).toEqual([text, []]);
    }
  });

  it('finds a French number written with dots, though its groups look like a date at each end', () => {
    expect(found('Call 01.23.45.67.89 after six', false)).toEqual([['PHONE', '01.23.45.67.89']]);
    expect(found('Call 01.23.45.67.89 after six')).toEqual([['PHONE', '01.23.45.67.89']]);
  });
});
