import { electronicFormatIBAN, getCountrySpecifications, isValidIBAN } from 'ibantools';
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
      const length = ibanLengths[candidate.slice(0, 2)]?.chars;
      if (!length) return null;
      let count = 0;
      for (let i = 0; i < candidate.length; i++) {
        if (/[A-Z0-9]/.test(candidate[i]!) && ++count === length) {
          return isValidIBAN(electronicFormatIBAN(candidate.slice(0, i + 1)) ?? '') ? i + 1 : null;
        }
      }
      return null;
    },
  };
}
