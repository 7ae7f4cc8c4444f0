import { describe, expect, it } from 'vitest';
import { numberChecks } from '../../fakes/phone-metadata';
import { detectPersonalData, luhnValid } from '../../../src/core/pii';

const found = (text: string) => detectPersonalData(text, { checks: numberChecks }).map((f) => [f.kind, text.slice(f.start, f.end)]);

describe('detectPersonalData', () => {
  it('finds email addresses', () => {
    expect(found('Write to maria.lindqvist@example.com, or m+x@mail.example.co.uk.')).toEqual([
      ['EMAIL', 'maria.lindqvist@example.com'],
      ['EMAIL', 'm+x@mail.example.co.uk'],
    ]);
  });

  it('finds IBANs only when the checksum holds', () => {
    expect(found('IBAN DE89 3704 0044 0532 0130 00 please')).toEqual([['IBAN', 'DE89 3704 0044 0532 0130 00']]);
    expect(found('IBAN GB82WEST12345698765432.')).toEqual([['IBAN', 'GB82WEST12345698765432']]);
    expect(found('IBAN DE89 3704 0044 0532 0130 01 please')).not.toContainEqual(expect.arrayContaining(['IBAN']));
  });

  it('finds an IBAN followed directly by more digits or text, and only the IBAN', () => {
    expect(found('DE89370400440532013000123')).toEqual([['IBAN', 'DE89370400440532013000']]);
    expect(found('IBAN DE89 3704 0044 0532 0130 00123 please')).toEqual([['IBAN', 'DE89 3704 0044 0532 0130 00']]);
    expect(found('Konto DE89370400440532013000Rechnung 4711')).toEqual([['IBAN', 'DE89370400440532013000']]);
    expect(found('GB82WEST12345698765432REF7 paid')).toEqual([['IBAN', 'GB82WEST12345698765432']]);
    expect(found('IBAN DE89 3704 0044 0532 0130 00 1234 5678')).toContainEqual(['IBAN', 'DE89 3704 0044 0532 0130 00']);
    // Too short for its country, or inside a longer word: not an IBAN.
    expect(found('DE89 3704 0044 0532 0130')).not.toContainEqual(expect.arrayContaining(['IBAN']));
    expect(found('XDE89370400440532013000')).not.toContainEqual(expect.arrayContaining(['IBAN']));
  });

  it('finds card numbers only when the Luhn check holds', () => {
    expect(found('card 4111 1111 1111 1111 ok')).toEqual([['CARD', '4111 1111 1111 1111']]);
    expect(found('card 4111-1111-1111-1112 ok')).toEqual([]);
    expect(luhnValid('79927398713')).toBe(false); // too short for a card
    expect(luhnValid('4012888888881881')).toBe(true);
  });

  it('finds national and international phone numbers', () => {
    expect(found('Call +49 30 12345678 or 0171 2345678 or (415) 555-0132.')).toEqual([
      ['PHONE', '+49 30 12345678'],
      ['PHONE', '0171 2345678'],
      ['PHONE', '(415) 555-0132'],
    ]);
  });

  it('leaves dates, order numbers, amounts and ticket numbers alone', () => {
    const text = 'Order NW-20931 of 2025-03-17T08:12:00Z, INV-2025-0388, €149.00, ticket #1041, 127.0.0.1:4517, v2.10.3';
    expect(found(text)).toEqual([]);
  });

  it('finds postal addresses where a common pattern shows them', () => {
    expect(found('Send it to 12 Harbour Street, Apt 4B, Bristol BS1 5TT.').map((f) => f[1])).toEqual(['12 Harbour Street', 'BS1 5TT']);
    expect(found('Neue Adresse: Hauptstraße 5, 10115 Berlin').map((f) => f[1])).toEqual(['Hauptstraße 5', '10115 Berlin']);
  });
});
