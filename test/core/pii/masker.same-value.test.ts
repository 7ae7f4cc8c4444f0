import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker } from '../../../src/core/pii';

/**
 * One value, one placeholder; two values, two. A masker that gave two customers' IBANs one
 * placeholder would put the first one back into a reply meant to name the second.
 */
const masker = () => createMasker({ checks: numberChecks });

describe('which values are one and the same', () => {
  it('tells two IBANs apart, and knows one IBAN however it is grouped', () => {
    const m = masker();
    expect(m.mask('DE89 3704 0044 0532 0130 00 or GB82 WEST 1234 5698 7654 32, de89-3704-0044-0532-0130-00')).toBe('[IBAN_1] or [IBAN_2], [IBAN_1]');
    expect(m.unmask('[IBAN_2]')).toBe('GB82 WEST 1234 5698 7654 32');
    expect(m.mask('as one run: DE89370400440532013000')).toBe('as one run: [IBAN_1]');
  });

  it('tells two cards apart, and knows one card however it is grouped', () => {
    const m = masker();
    expect(m.mask('4111 1111 1111 1111 then 5555 5555 5555 4444, again 4111-1111-1111-1111 or 4111111111111111')).toBe('[CARD_1] then [CARD_2], again [CARD_1] or [CARD_1]');
  });

  it('knows one phone number written with +, with 00, with brackets or dashes, and tells another apart', () => {
    const m = masker();
    expect(m.mask('+49 30 12345678, 0049 30 12345678, +49 (30) 1234-5678 or +49 30 87654321')).toBe('[PHONE_1], [PHONE_1], [PHONE_1] or [PHONE_2]');
    expect(m.unmask('[PHONE_1] [PHONE_2]')).toBe('+49 30 12345678 +49 30 87654321');
  });

  it('tells two addresses that differ by a dot apart, and one address in another case apart from none', () => {
    const m = masker();
    expect(m.mask('Ana@Example.com, ana@example.com, an.a@example.com')).toBe('[EMAIL_1], [EMAIL_1], [EMAIL_2]');
  });

  it('knows one postal address in any case and spacing, and tells another apart', () => {
    const m = masker();
    expect(m.mask('Send it to 12 Harbour Street, or to 12 HARBOUR   STREET, not 14 Harbour Street.')).toBe('Send it to [ADDRESS_1], or to [ADDRESS_1], not [ADDRESS_2].');
  });

  it('masks an address again where it stands without what made the patterns find it', () => {
    const m = masker();
    expect(m.mask('Calle de Colon 14, 46004 Valencia.')).toBe('[ADDRESS_1], [ADDRESS_2].');
    // "46004 Valencia this week" alone is no address to the patterns; the masker saw it before.
    expect(m.mask('We deliver to 46004 valencia this week')).toBe('We deliver to [ADDRESS_2] this week');
    expect(m.unmask('[ADDRESS_2]')).toBe('46004 Valencia');
  });

  it('puts back each middle name the model writes, the first as well as the second', () => {
    const m = masker();
    m.addPeople([{ name: 'Ana María García López', role: 'CUSTOMER' }]);
    expect(m.mask('María and García')).toBe('[CUSTOMER_1_MIDDLE] and [CUSTOMER_1_MIDDLE_2]');
    expect(m.unmask('[CUSTOMER_1_MIDDLE] [CUSTOMER_1_MIDDLE_2]')).toBe('María García');
  });
});
