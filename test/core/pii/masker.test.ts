import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker } from '../../../src/core/pii';

const ticketText = 'Hello, I am Maria Lindqvist (maria.lindqvist@example.com, +49 30 12345678). Refund to DE89 3704 0044 0532 0130 00. Thanks, Maria';

describe('createMasker', () => {
  it('replaces names from the ticket data and detected values with placeholders', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Maria Lindqvist', role: 'CUSTOMER' }, { name: 'Sam Rivera', role: 'PERSON' }]);
    const masked = masker.mask(ticketText);
    expect(masked).toBe('Hello, I am [CUSTOMER_1] ([EMAIL_1], [PHONE_1]). Refund to [IBAN_1]. Thanks, [CUSTOMER_1_FIRST]');
    expect(masker.mask('Sam wrote to Rivera')).toBe('[PERSON_1_FIRST] wrote to [PERSON_1_LAST]');
  });

  it('gives the same value the same placeholder every time, and new values the next number', () => {
    const masker = createMasker({ checks: numberChecks });
    expect(masker.mask('a@example.com b@example.com')).toBe('[EMAIL_1] [EMAIL_2]');
    expect(masker.mask('b@example.com then c@example.com')).toBe('[EMAIL_2] then [EMAIL_3]');
  });

  it('does not mask a name inside a longer word', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Ann Lee', role: 'CUSTOMER' }]);
    expect(masker.mask('Annual fee, Annette, Ann. Leeds; Lee')).toBe('Annual fee, Annette, [CUSTOMER_1_FIRST]. Leeds; [CUSTOMER_1_LAST]');
  });

  it('unmasks what the model writes back, and leaves unknown placeholders as they are', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Maria Lindqvist', role: 'CUSTOMER' }]);
    masker.mask(ticketText);
    expect(masker.unmask('Hi [CUSTOMER_1_FIRST], we refund [IBAN_1]; [EMAIL_9] stays.')).toBe(
      'Hi Maria, we refund DE89 3704 0044 0532 0130 00; [EMAIL_9] stays.',
    );
  });

  it('masks and unmasks every string of a JSON value, keys untouched', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Maria Lindqvist', role: 'CUSTOMER' }]);
    const value = { ok: true, data: { requester: { name: 'Maria Lindqvist', email: 'maria.lindqvist@example.com' }, n: 3 } };
    const masked = masker.maskValue(value);
    expect(masked).toEqual({ ok: true, data: { requester: { name: '[CUSTOMER_1]', email: '[EMAIL_1]' }, n: 3 } });
    expect(masker.unmaskValue(masked)).toEqual(value);
  });

  it('never turns placeholder-looking text from the data into a real value', () => {
    const masker = createMasker({ checks: numberChecks });
    const masked = masker.mask('a@example.com, and from the customer: [EMAIL_1]');
    expect(masked).toBe('[EMAIL_1], and from the customer: (EMAIL_1)');
    expect(masker.unmask(masked)).toBe('a@example.com, and from the customer: (EMAIL_1)');
  });

  it('round-trips arbitrary text through mask and unmask', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Dana Ø. Okafor', role: 'CUSTOMER' }, { name: 'X', role: 'PERSON' }]);
    for (const text of [ticketText, 'Dana Ø. Okafor, 0171 2345678, 4111 1111 1111 1111, 12 Harbour Street']) {
      expect(masker.unmask(masker.mask(text))).toBe(text);
    }
  });
});
