import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker } from '../../../src/core/pii';

describe('a name given with words that are not names', () => {
  it('masks its one real name on its own too ("Cher (VIP)" → "Hi Cher")', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Cher (VIP)', role: 'CUSTOMER' }]);
    expect(masker.mask('Hi Cher, Cher (VIP) wrote.')).toBe('Hi [CUSTOMER_1_FIRST], [CUSTOMER_1] wrote.');
    expect(masker.unmask('Hi [CUSTOMER_1_FIRST]')).toBe('Hi Cher');
  });

  it('masks the first and last name of a longer one, not the extra words', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Dana Whitfield (via email)', role: 'PERSON' }]);
    expect(masker.mask('Ms Whitfield and Dana replied via email.')).toBe('Ms [PERSON_1_LAST] and [PERSON_1_FIRST] replied via email.');
  });
});

describe('names as the ticket gives them', () => {
  it('masks a name with spaces around or inside it as it reads in the text', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: '  Dana \n Whitfield ', role: 'CUSTOMER' }]);
    expect(masker.mask('Dana Whitfield wrote')).toBe('[CUSTOMER_1] wrote');
  });

  it('masks names holding the characters a pattern treats specially', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'J.R. Ewing', role: 'CUSTOMER' }, { name: 'Ann-Marie O\'Neil (Ops+)', role: 'PERSON' }]);
    expect(masker.mask('J.R. Ewing and JR Ewing; Ann-Marie O\'Neil (Ops+) and O\'Neil')).toBe('[CUSTOMER_1] and JR [CUSTOMER_1_LAST]; [PERSON_1] and [PERSON_1_LAST]');
  });

  it('masks names of two letters, and never a lone letter or a number', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Jo', role: 'CUSTOMER' }, { name: 'J', role: 'PERSON' }, { name: '42', role: 'PERSON' }]);
    expect(masker.mask('Jo saw J at 42 Elm')).toBe('[CUSTOMER_1] saw J at 42 Elm');
  });

  it('numbers each person once, however often the ticket names them', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Dana Lee', role: 'CUSTOMER' }, { name: 'Dana Lee', role: 'CUSTOMER' }, { name: 'Omar Haddad', role: 'CUSTOMER' }]);
    expect(masker.mask('Dana Lee and Omar Haddad')).toBe('[CUSTOMER_1] and [CUSTOMER_2]');
  });

  it('takes the longest name it knows where a shorter one starts it', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Jo', role: 'CUSTOMER' }, { name: 'Jo Smith', role: 'PERSON' }]);
    expect(masker.mask('Jo Smith wrote to Jo')).toBe('[PERSON_1] wrote to [CUSTOMER_1]');
  });
});

describe('placeholders and values', () => {
  it('puts back values numbered 10 and above', () => {
    const masker = createMasker({ checks: numberChecks });
    const emails = Array.from({ length: 12 }, (_, i) => `user${i + 1}@example.com`);
    expect(masker.mask(emails.join(' '))).toBe(Array.from({ length: 12 }, (_, i) => `[EMAIL_${i + 1}]`).join(' '));
    expect(masker.unmask('Write to [EMAIL_12] and [EMAIL_10].')).toBe('Write to user12@example.com and user10@example.com.');
    // A placeholder typed in the ticket is not taken for one of ours.
    expect(masker.mask('see [EMAIL_11]')).toBe('see (EMAIL_11)');
  });

  it('lists what each placeholder stands for', () => {
    const masker = createMasker({ checks: numberChecks });
    masker.addPeople([{ name: 'Ann Lee', role: 'CUSTOMER' }]);
    masker.mask('ann@example.com');
    expect(masker.entries()).toEqual([
      ['[CUSTOMER_1]', 'Ann Lee'],
      ['[CUSTOMER_1_FIRST]', 'Ann'],
      ['[CUSTOMER_1_LAST]', 'Lee'],
      ['[EMAIL_1]', 'ann@example.com'],
    ]);
  });

  it('masks the strings of a value and keeps its shape: arrays, numbers, booleans, null', () => {
    const masker = createMasker({ checks: numberChecks });
    const value = { to: ['ann@example.com', 'bo@example.com'], count: 2, urgent: true, cc: null, nested: [{ phone: '+49 30 12345678' }] };
    const masked = masker.maskValue(value);
    expect(masked).toEqual({ to: ['[EMAIL_1]', '[EMAIL_2]'], count: 2, urgent: true, cc: null, nested: [{ phone: '[PHONE_1]' }] });
    expect(masker.unmaskValue(masked)).toEqual(value);
  });
});
