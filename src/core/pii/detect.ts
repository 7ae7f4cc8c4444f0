import type { CountryCode, MetadataJson } from 'libphonenumber-js/core';

/**
 * libphonenumber's number plans (its "min" metadata). They are most of the library's size, so
 * the background loads them only when a text is checked for numbers, not with the worker.
 */
export type PhoneMetadata = MetadataJson;

/**
 * What tells a phone number or an IBAN from other digits (number-plans.ts builds them). Kept
 * apart from the patterns so the libraries behind them load only when a text is checked.
 */
export interface NumberChecks {
  /** A valid number: international (+…), or national in one of the countries. */
  isPhone(text: string, countries: readonly CountryCode[]): boolean;
  /** The length of the IBAN a candidate starts with (its country's length), if the checksum holds. */
  ibanLength(candidate: string): number | null;
}

/** The kinds of personal data found by pattern (names come from the ticket's own data). */
export type DetectedKind = 'EMAIL' | 'PHONE' | 'IBAN' | 'CARD' | 'ADDRESS';

export interface Found {
  kind: DetectedKind;
  start: number;
  end: number;
}

export interface DetectOptions {
  /**
   * The checks that tell a phone number from an order number and an IBAN from other letters and
   * digits. Without them every phone-shaped run of 7-15 digits counts as a phone number and every
   * IBAN-shaped run as an IBAN: more is hidden, never less.
   */
  checks?: NumberChecks;
  /** Countries whose national phone formats count (an international +… number always does). */
  phoneCountries?: readonly CountryCode[];
}

export const DEFAULT_PHONE_COUNTRIES: readonly CountryCode[] = ['US', 'GB', 'DE', 'FR', 'NL', 'ES', 'IT'];

const EMAIL = /[A-Za-z0-9](?:[A-Za-z0-9._%+-]{0,62}[A-Za-z0-9_%+-])?@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,24}/g;
// Two letters, two check digits, then 11-30 letters or digits in groups; no word boundary at the
// end, since an IBAN can run straight into more digits or text ("…0130 00123", "…3000Ref"): the
// country's length cuts it (NumberChecks.ibanLength), then the checksum decides.
const IBAN = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}(?:[ -]?[A-Z0-9]){11,30}/g;
// 13-19 digits in groups of up to 4 (or one run); the Luhn checksum decides.
const CARD = /(?<!\d)\d(?:[ -]?\d){12,18}(?!\d)/g;
// A national (0…), international (+… / 00…) or bracketed number: dates and order numbers start otherwise.
const PHONE = /(?<![\w+])(?:\+|\(|0)[\d ().\/-]{6,22}\d(?!\d)/g;
const ADDRESSES = [
  // 12 Harbour Street, 221B Baker St.
  /\b\d{1,5}[A-Za-z]?,?\s+(?:[A-Z][a-z'’]+\s+){1,3}(?:Street|St|Road|Rd|Avenue|Ave|Lane|Ln|Drive|Dr|Boulevard|Blvd|Way|Court|Ct|Place|Pl|Square|Sq|Terrace|Close|Crescent)\b\.?/g,
  // Hauptstraße 5, Am Ring 12a: the street word ends a name or is the name itself
  /(?<![\p{L}])(?:[A-ZÄÖÜ][\p{L}-]*(?:straße|strasse|str\.|weg|gasse|platz|allee|ring|damm|ufer)|Straße|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer)\s+\d{1,4}[a-z]?\b/gu,
  // UK postcodes: BS1 5TT, SW1A 1AA
  /\b[A-Z]{1,2}\d[A-Z\d]?\s+\d[A-Z]{2}\b/g,
  // 10115 Berlin, 75008 Paris: a five-digit code and a capitalised place name
  /(?<!\d)\d{5}\s+[A-ZÄÖÜ][\p{Ll}-]{2,}(?:\s[A-ZÄÖÜ][\p{Ll}-]{2,})?/gu,
];

const ABBREVIATED = /\b(?:St|Rd|Ave|Ln|Dr|Blvd|Ct|Pl|Sq)\.$/;

const digits = (s: string): string => s.replace(/\D/g, '');

export function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return number.length >= 13 && sum % 10 === 0;
}

function isPhone(candidate: string, countries: readonly CountryCode[], checks: NumberChecks | undefined): boolean {
  const count = digits(candidate).length;
  if (count < 7 || count > 15) return false;
  if (!checks) return true;
  return checks.isPhone(candidate.startsWith('00') ? `+${candidate.slice(2)}` : candidate, countries);
}

function ibans(text: string, checks: NumberChecks | undefined): Found[] {
  return [...text.matchAll(IBAN)].flatMap((m) => {
    const length = checks ? checks.ibanLength(m[0]) : m[0].length;
    return length ? [{ kind: 'IBAN' as const, start: m.index, end: m.index + length }] : [];
  });
}

function matches(re: RegExp, text: string, keep: (m: string) => boolean, kind: DetectedKind): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(re)) {
    // A full stop stays only as an abbreviation's ("Baker St."), not after "Street" or "Square".
    const value = m[0].replace(/[\s.,-]+$/, (tail) => (tail === '.' && ABBREVIATED.test(m[0]) ? tail : ''));
    if (keep(value)) out.push({ kind, start: m.index, end: m.index + value.length });
  }
  return out;
}

/**
 * Personal data in a text, found by pattern and confirmed by checksum or number plan where one
 * exists: email addresses, IBANs (ISO 13616 checksum), card numbers (Luhn), phone numbers
 * (libphonenumber's number plans) and postal addresses where a common pattern shows them.
 * Spans do not overlap; the earlier kind in that list wins.
 */
export function detectPersonalData(text: string, options: DetectOptions = {}): Found[] {
  const countries = options.phoneCountries ?? DEFAULT_PHONE_COUNTRIES;
  const found: Found[] = [
    ...matches(EMAIL, text, () => true, 'EMAIL'),
    ...ibans(text, options.checks),
    ...matches(CARD, text, (m) => luhnValid(digits(m)), 'CARD'),
    ...matches(PHONE, text, (m) => isPhone(m, countries, options.checks), 'PHONE'),
    ...ADDRESSES.flatMap((re) => matches(re, text, () => true, 'ADDRESS')),
  ];
  const kept: Found[] = [];
  for (const f of found) {
    if (f.end > f.start && !kept.some((k) => f.start < k.end && k.start < f.end)) kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}
