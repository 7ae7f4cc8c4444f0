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

  it('finds the card numbers of every network, whose check doubles digits of 5 and more', () => {
    // Each of these doubles a 5-9 somewhere (2 × 8 = 16 counts as 7): a slip in that step of the
    // check would leave most real cards unmasked.
    const cards = ['5555 5555 5555 4444', '5105 1051 0510 5100', '3782 822463 10005', '6011 0009 9013 9424', '3530 1113 3330 0000', '4000 0566 5566 5556'];
    for (const card of cards) expect(found(`card ${card} ok`)).toEqual([['CARD', card]]);
    // One digit changed: not a card number, whatever else it may be.
    for (const typo of ['5555 5555 5555 4445', '5105 1051 0510 5101', '3782 822463 10006', '6011 0009 9013 9425']) {
      expect(found(`card ${typo} ok`)).not.toContainEqual(['CARD', typo]);
    }
  });

  it('finds card numbers of 13 and of 19 digits, the shortest and longest there are', () => {
    expect(found('old visa 4222222222222 here')).toEqual([['CARD', '4222222222222']]);
    expect(found('maestro 6759 6498 2643 8453 ok')).toEqual([['CARD', '6759 6498 2643 8453']]);
    expect(found('card 4000 0000 0000 0000 006 ok')).toEqual([['CARD', '4000 0000 0000 0000 006']]);
    expect(luhnValid('0000000000000')).toBe(true);
    expect(luhnValid('000000000000')).toBe(false); // 12 digits: too short for a card
  });

  it('finds national and international phone numbers', () => {
    expect(found('Call +49 30 12345678 or 0171 2345678 or (415) 555-0132.')).toEqual([
      ['PHONE', '+49 30 12345678'],
      ['PHONE', '0171 2345678'],
      ['PHONE', '(415) 555-0132'],
    ]);
  });

  it('finds a German mobile number written the German way, a plan only Germany has', () => {
    expect(found('Ruf mich an: 0151 23456789, danke')).toEqual([['PHONE', '0151 23456789']]);
    expect(found('Mobil 0176 12345678.')).toEqual([['PHONE', '0176 12345678']]);
  });

  it('leaves dates, order numbers, amounts and ticket numbers alone', () => {
    const text = 'Order NW-20931 of 2025-03-17T08:12:00Z, INV-2025-0388, €149.00, ticket #1041, 127.0.0.1:4517, v2.10.3';
    expect(found(text)).toEqual([]);
  });

  it('finds postal addresses where a common pattern shows them', () => {
    expect(found('Send it to 12 Harbour Street, Apt 4B, Bristol BS1 5TT.').map((f) => f[1])).toEqual(['12 Harbour Street, Apt 4B', 'Bristol BS1 5TT']);
    expect(found('Neue Adresse: Hauptstraße 5, 10115 Berlin').map((f) => f[1])).toEqual(['Hauptstraße 5', '10115 Berlin']);
  });

  it.each([
    ['Calle de Colon 14, 46004 Valencia.', ['Calle de Colon 14', '46004 Valencia']],
    ['Dirección: C/ Mayor, 5, 28013 Madrid', ['C/ Mayor, 5', '28013 Madrid']],
    ['Calle Mayor nº 5', ['Calle Mayor nº 5']],
    ['Carrer de Balmes, 12, 08007 Barcelona', ['Carrer de Balmes, 12', '08007 Barcelona']],
    ['Avenida da Liberdade, 245, 1250-096 Lisboa', ['Avenida da Liberdade, 245', '1250-096 Lisboa']],
    ['Via dei Mille 5, 00185 Roma', ['Via dei Mille 5', '00185 Roma']],
    ['Piazza San Marco 1, I-30124 Venezia', ['Piazza San Marco 1', 'I-30124 Venezia']],
    ['12 rue de la Paix, 75002 Paris', ['12 rue de la Paix', '75002 Paris']],
    ['5, avenue des Champs-Élysées\n75008 PARIS', ['5, avenue des Champs-Élysées', '75008 PARIS']],
    ['Karl-Marx-Str. 12a, D-10243 Berlin', ['Karl-Marx-Str. 12a', 'D-10243 Berlin']],
    ['Berliner Straße 12\n60311 Frankfurt am Main', ['Berliner Straße 12', '60311 Frankfurt am Main']],
    ['Hauptstraße 5 10115 Berlin', ['Hauptstraße 5', '10115 Berlin']],
    ['Calle de Colon 14, 46004 Valencia and please hurry', ['Calle de Colon 14', '46004 Valencia']],
    ['Ich wohne in 10115 Berlin.', ['10115 Berlin']],
    ['Am Ring 12a, 50672 Köln', ['Am Ring 12a', '50672 Köln']],
    ['Calle de Colón 14\nAdresse: 46004 Valencia', ['Calle de Colón 14', '46004 Valencia']],
    ['Ottawa ON K1A 0B1', ['K1A 0B1']],
    ['Mariahilfer Straße 77\n1060 Wien', ['Mariahilfer Straße 77', '1060 Wien']],
    ['Bahnhofstrasse 1, 8001 Zürich', ['Bahnhofstrasse 1', '8001 Zürich']],
    ['Keizersgracht\u00A0123, 1015 CJ Amsterdam', ['Keizersgracht\u00A0123', '1015 CJ Amsterdam']],
    ['Drottninggatan 5, 111 51 Stockholm', ['Drottninggatan 5', '111 51 Stockholm']],
    ['ul. Marszałkowska 10, 00-590 Warszawa', ['ul. Marszałkowska 10', '00-590 Warszawa']],
    ['1600 Pennsylvania Avenue NW, Washington, DC 20500', ['1600 Pennsylvania Avenue NW', 'Washington, DC 20500']],
    ['350 5th Ave, New York, NY 10118', ['350 5th Ave', 'New York, NY 10118']],
    ['742 Evergreen Terrace, Springfield, IL 62704', ['742 Evergreen Terrace', 'Springfield, IL 62704']],
  ])('finds the street with its house number and the postcode with its place in %j', (text, expected) => {
    expect(found(text)).toEqual(expected.map((a) => ['ADDRESS', a]));
  });

  it.each([
    'About order #55812\nThanks for your help',
    'order #55812 Please hurry',
    'Order 55812 Valencia office',
    'Ticket 46004 Valencia was closed',
    'customer no. 55102) is invoiced in EUR',
    'Bestellung NW-21877 Ergo Task Chair, 149 €',
    'sent via DHL 12 days ago; et al. Smith 2020',
    'Im Jahr 2025 haben wir 40 desks and 40 chairs geliefert.',
    'On 14 March, one at 16:32; 2 of 3 items, 10 Units were damaged',
  ])('takes no order, ticket or other number for an address in %j', (text) => {
    expect(found(text)).toEqual([]);
  });

  it('finds IBANs and card numbers in either case, grouped with spaces, dots, dashes or no-break spaces', () => {
    for (const iban of ['de89 3704 0044 0532 0130 00', 'DE89.3704.0044.0532.0130.00', 'DE89-3704-0044-0532-0130-00', 'DE89\u00A03704\u00A00044\u00A00532\u00A00130\u00A000', 'gb82west12345698765432']) {
      expect(found(`IBAN ${iban}, danke`)).toEqual([['IBAN', iban]]);
    }
    for (const card of ['4111.1111.1111.1111', '4111\u00A01111\u00A01111\u00A01111', '4111\u202F1111\u202F1111\u202F1111']) {
      expect(found(`card ${card} ok`)).toEqual([['CARD', card]]);
    }
  });

  it('finds what invisible characters, decomposed accents or full-width forms split, as written', () => {
    expect(found('IBAN DE89\u200B3704\u200B0044\u200B0532\u200B0130\u200B00.')).toEqual([['IBAN', 'DE89\u200B3704\u200B0044\u200B0532\u200B0130\u200B00']]);
    expect(found('Tel. ０１７１ ２３４５６７８')).toEqual([['PHONE', '０１７１ ２３４５６７８']]);
    expect(found('Mail ju\u0308rgen@exa\u0308mple.de.')).toEqual([['EMAIL', 'ju\u0308rgen@exa\u0308mple.de']]);
  });

  it('finds email addresses with letters of any script', () => {
    expect(found('jürgen.weiß@exämple.de, josé.núñez@correo.es, почта@пример.рф')).toEqual([
      ['EMAIL', 'jürgen.weiß@exämple.de'],
      ['EMAIL', 'josé.núñez@correo.es'],
      ['EMAIL', 'почта@пример.рф'],
    ]);
  });

  it('finds each of two IBANs or cards written one after the other', () => {
    expect(found('de89.3704.0044.0532.0130.00 and de44 5001 0517 5407 3249 31')).toEqual([
      ['IBAN', 'de89.3704.0044.0532.0130.00'],
      ['IBAN', 'de44 5001 0517 5407 3249 31'],
    ]);
    expect(found('4111 1111 1111 1111 5500 0000 0000 0004')).toEqual([
      ['CARD', '4111 1111 1111 1111'],
      ['CARD', '5500 0000 0000 0004'],
    ]);
  });

  it('does not detect what the README lists as not detected', () => {
    expect(found('Call 415 555 0132 today')).toEqual([]);
    expect(found('IBAN DE89 3704 0044 0532 0130 01, please')).not.toContainEqual(expect.arrayContaining(['IBAN']));
    expect(found('Straße des 17. Juni 31; Postfach 1234; in 10115 Berlin wohne ich; Valencia')).toEqual([]);
    expect(found('VAT ID DE 284 113 907, customer no. 55102')).toEqual([]);
  });

  it('takes no date for a phone number', () => {
    expect(found('am 2025-03-20 (20.03.2025) oder 03/20/2025')).toEqual([]);
  });
});
