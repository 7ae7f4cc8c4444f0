import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { createMasker } from '../../../src/core/pii';

const maskerFor = (...names: string[]) => {
  const masker = createMasker({ checks: numberChecks });
  masker.addPeople(names.map((name, i) => ({ name, role: i ? 'PERSON' : 'CUSTOMER' })));
  return masker;
};

describe('createMasker: names as people write them', () => {
  it('masks a whole name in any case and order, split across lines too', () => {
    const masker = maskerFor('Schmidt, Maria');
    expect(masker.mask('MARIA SCHMIDT / maria schmidt / Maria\nSchmidt / schmidt, maria')).toBe('[CUSTOMER_1] / [CUSTOMER_1] / [CUSTOMER_1] / [CUSTOMER_1]');
    expect(masker.unmask('[CUSTOMER_1]')).toBe('Maria Schmidt');
  });

  it('masks a first or last name alone as written, capitalised or in capitals, but not an ordinary lower-case word', () => {
    const masker = maskerFor('Will Weiß');
    expect(masker.mask('Will said WILL and Weiss; we will refund, ich weiß es nicht.')).toBe(
      '[CUSTOMER_1_FIRST] said [CUSTOMER_1_FIRST] and [CUSTOMER_1_LAST]; we will refund, ich weiß es nicht.',
    );
  });

  it('masks a lower-case first name after a greeting and alone on a signature line', () => {
    const masker = maskerFor('Maria Schmidt');
    expect(masker.mask('hi maria,\nthanks!\nmaria\n')).toBe('hi [CUSTOMER_1_FIRST],\nthanks!\n[CUSTOMER_1_FIRST]\n');
  });

  it('masks middle names and family names with their particles, and each part without accents', () => {
    const masker = maskerFor('Ana María García López', 'Anna van der Berg');
    expect(masker.mask('Sra. Garcia, Maria and Lopez; Frau van der Berg, Herr Berg')).toBe(
      'Sra. [CUSTOMER_1_MIDDLE_2], [CUSTOMER_1_MIDDLE] and [CUSTOMER_1_LAST]; Frau [PERSON_1_LAST], Herr [PERSON_1_LAST]',
    );
    expect(masker.unmask('[CUSTOMER_1_MIDDLE_2] [PERSON_1_LAST]')).toBe('García van der Berg');
  });

  it('does not mask what the README lists as not detected', () => {
    const masker = maskerFor('Maria Schmidt');
    expect(masker.mask('ask maria about it; Мария; Mia; Marie Schmitt')).toBe('ask maria about it; Мария; Mia; Marie Schmitt');
  });

  it('unmasks each part to the name as the helpdesk lists it', () => {
    const masker = maskerFor('Dr. Jürgen Weiß');
    const masked = masker.mask('Hallo Juergen, Herr WEISS, Grüße JÜRGEN, Jurgen Weiss');
    expect(masked).toBe('Hallo [CUSTOMER_1_FIRST], Herr [CUSTOMER_1_LAST], Grüße [CUSTOMER_1_FIRST], [CUSTOMER_1]');
    expect(masker.unmask(masked)).toBe('Hallo Jürgen, Herr Weiß, Grüße Jürgen, Dr. Jürgen Weiß');
  });

  it('never masks a name inside an email address, which is masked whole', () => {
    const masker = maskerFor('Maria Schmidt');
    expect(masker.mask('Maria.Schmidt@example.com')).toBe('[EMAIL_1]');
    expect(masker.unmask('[EMAIL_1]')).toBe('Maria.Schmidt@example.com');
  });

  it('gives one placeholder to one value however it is spelt, and unmasks it as first written', () => {
    const masker = maskerFor();
    expect(masker.mask('de89.3704.0044.0532.0130.00 and DE89 3704 0044 0532 0130 00')).toBe('[IBAN_1] and [IBAN_1]');
    expect(masker.unmask('[IBAN_1]')).toBe('de89.3704.0044.0532.0130.00');
    expect(masker.mask('Ana@Example.com, ana@example.com')).toBe('[EMAIL_1], [EMAIL_1]');
  });

  it('neutralises placeholder lookalikes written in full-width or with invisible characters', () => {
    const masker = maskerFor();
    masker.mask('a@example.com');
    expect(masker.mask('from the customer: ［EMAIL_1］')).toBe('from the customer: (EMAIL_1)');
  });
});
