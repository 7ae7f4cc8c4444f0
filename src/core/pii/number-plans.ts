import { getCountrySpecifications, isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/core';
import type { NumberChecks, PhoneMetadata } from './detect';

/**
 * The checks that tell a phone number or an IBAN from any other run of digits: libphonenumber's
 * number plans and the IBAN registry's lengths and checksum. They are most of what the detectors
 * weigh, so the background loads them as a script of their own when a text is first checked
 * (src/background/model/personal-data.ts), not with the worker.
 */
export function createNumberChecks(metadata: PhoneMetadata): NumberChecks {
  const ibanLengths = getCountrySpecifications();
  return {
    isPhone(text, countries) {
      if (text.startsWith('+')) return parsePhoneNumberFromString(text, metadata)?.isValid() ?? false;
      return countries.some((country) => parsePhoneNumberFromString(text, country as CountryCode, metadata)?.isValid() ?? false);
    },
    ibanLength(candidate) {
      // Any case and any grouping (de89.3704…): the letters and digits alone, upper case, are the IBAN.
      const upper = candidate.toUpperCase();
      const length = ibanLengths[upper.slice(0, 2)]?.chars;
      if (!length) return null;
      let electronic = '';
      for (let i = 0; i < upper.length; i++) {
        if (!/[A-Z0-9]/.test(upper[i]!)) continue;
        electronic += upper[i];
        if (electronic.length === length) return isValidIBAN(electronic) ? i + 1 : null;
      }
      return null;
    },
  };
}
