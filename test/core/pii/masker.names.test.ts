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
