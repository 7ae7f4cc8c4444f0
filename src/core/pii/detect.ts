import { findAddresses } from './addresses';
import { DEFAULT_PHONE_COUNTRIES } from './phone-countries';
import { matchingCopy, type MatchingCopy } from './matching-copy';
import { addWithoutOverlap } from './spans';
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

// Letters and digits of any script (jürgen.weiß@exämple.de, maría@correo.es), on the matching copy.
const EMAIL = /[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}._%+-]{0,62}[\p{L}\p{M}\p{N}_%+-])?@[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{M}\p{N}-]*[\p{L}\p{M}\p{N}])?)*\.\p{L}[\p{L}\p{M}]{1,23}(?![\p{L}\p{M}])/gu;
// How IBANs and card numbers are grouped: spaces (a no-break space is one on the matching copy),
// dots, hyphens and other dashes.
const SEP = String.raw`[ .\u00A0\p{Pd}]`;
// Two letters, two check digits, then 11-30 letters or digits in groups, in either case; no word
// boundary at the end, since an IBAN can run straight into more digits or text ("…0130 00123",
// "…3000Ref"): the country's length cuts it (NumberChecks.ibanLength), then the checksum decides.
const IBAN = new RegExp(String.raw`(?<![\p{L}\p{N}])[A-Za-z]{2}\d{2}(?:${SEP}?[A-Za-z0-9]){11,30}`, 'gu');
// 13-19 digits in groups (or one run); the Luhn checksum decides, on the whole or on its first
// groups (cardLength): "4111 1111 1111 1111 123" holds a card.
const CARD = new RegExp(String.raw`(?<!\d)\d(?:${SEP}?\d){12,18}(?!\d)`, 'gu');
// A national (0…), international (+… / 00…) or bracketed number: dates and order numbers start otherwise.
const PHONE = /(?<![\w+/-])(?:\+|\(|0)[\d ().\/-]{6,22}\d(?!\d)/g;

const digits = (s: string): string => s.replace(/\D/g, '');

export function luhnValid(number: string): boolean {
  return number.length >= 13 && luhnOf([...number].map(Number), number.length);
}

// A date in a phone number's clothes: (20.03.2025, 03/20/2025, 2025-03-20.
const DATE_SHAPE = /^\(?(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}-\d{1,2}-\d{1,2})\)?$/;

function isPhone(candidate: string, countries: readonly CountryCode[], checks: NumberChecks | undefined): boolean {
  const count = digits(candidate).length;
  if (count < 7 || count > 15 || DATE_SHAPE.test(candidate)) return false;
  if (!checks) return true;
  return checks.isPhone(candidate.startsWith('00') ? `+${candidate.slice(2)}` : candidate, countries);
}

/**
 * Candidates of `re` that `cut` confirms, each as long as `cut` says. The search goes on right
 * after what was kept (or after the candidate's start when nothing was), so a candidate that ran
 * on into the next value ("…0130 00 and DE44 5001…") does not hide it.
 */
function confirmed(re: RegExp, text: string, cut: (candidate: string) => number | null, kind: DetectedKind): Found[] {
  const search = new RegExp(re.source, re.flags);
  const out: Found[] = [];
  for (let m = search.exec(text); m; m = search.exec(text)) {
    const length = cut(m[0]);
    if (length) out.push({ kind, start: m.index, end: m.index + length });
    search.lastIndex = m.index + (length ?? 1);
  }
  return out;
}

const ibanLength = (checks: NumberChecks | undefined) => (candidate: string) => (checks ? checks.ibanLength(candidate) : candidate.length);

/** A card number's length in a run: the whole run, or its first groups ("4111 1111 1111 1111 123"). */
function cardLength(candidate: string): number | null {
  // The digits, and where each group ends; tried longest first.
  const digitsOf: number[] = [];
  const ends: [number, number][] = [];
  for (let i = 0; i < candidate.length; i++) {
    const c = candidate.charCodeAt(i) - 48;
    if (c < 0 || c > 9) continue;
    digitsOf.push(c);
    const next = candidate.charCodeAt(i + 1) - 48;
    if (!(next >= 0 && next <= 9)) ends.push([i + 1, digitsOf.length]);
  }
  for (let e = ends.length - 1; e >= 0; e--) {
    const [end, count] = ends[e]!;
    if (count >= 13 && count <= 19 && luhnOf(digitsOf, count)) return end;
  }
  return null;
}

/** The Luhn check of the first `count` digits. */
function luhnOf(digitsOf: readonly number[], count: number): boolean {
  let sum = 0;
  for (let i = 0; i < count; i++) {
    let d = digitsOf[count - 1 - i]!;
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Email addresses, looked for only around each "@": a pattern of letters of any script tried at
 * every letter of a megabyte would cost more than everything else together.
 */
function emails(text: string): Found[] {
  const out: Found[] = [];
  let done = 0;
  for (let at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
    if (at < done) continue;
    const from = Math.max(done, at - 64);
    for (const m of text.slice(from, at + 256).matchAll(EMAIL)) {
      const start = from + m.index;
      if (start > at) break;
      if (start + m[0].length > at) {
        out.push({ kind: 'EMAIL', start, end: start + m[0].length });
        done = start + m[0].length;
        break;
      }
    }
  }
  return out;
}

function matches(re: RegExp, text: string, keep: (m: string) => boolean, kind: DetectedKind): Found[] {
  const out: Found[] = [];
  for (const m of text.matchAll(re)) {
    const value = m[0].replace(/[\s.,\p{Pd}]+$/u, '');
    if (keep(value)) out.push({ kind, start: m.index, end: m.index + value.length });
  }
  return out;
}

/**
 * Personal data in a text, found by pattern and confirmed by checksum or number plan where one
 * exists: email addresses, IBANs (ISO 13616 checksum), card numbers (Luhn), phone numbers
 * (libphonenumber's number plans) and postal addresses where a common pattern shows them.
 * Found on the text's matching copy (matching-copy.ts), as spans of the text as written.
 * Spans do not overlap; the earlier kind in that list wins.
 */
export function detectPersonalData(text: string, options: DetectOptions = {}): Found[] {
  const copy = matchingCopy(text);
  return detectInCopy(copy, options).map((f) => ({ kind: f.kind, start: copy.start(f.start), end: copy.end(f.end) }));
}

/** The same on a matching copy, with spans in the copy's offsets (the masker also finds names there). */
export function detectInCopy(copy: MatchingCopy, options: DetectOptions = {}): Found[] {
  const text = copy.text;
  const countries = options.phoneCountries ?? DEFAULT_PHONE_COUNTRIES;
  // In this order, an earlier kind wins where two overlap.
  const kinds: Found[][] = [
    emails(text),
    confirmed(IBAN, text, ibanLength(options.checks), 'IBAN'),
    confirmed(CARD, text, cardLength, 'CARD'),
    matches(PHONE, text, (m) => isPhone(m, countries, options.checks), 'PHONE'),
    findAddresses(text).map((a) => ({ kind: 'ADDRESS' as const, ...a })),
  ];
  return kinds.reduce<Found[]>((kept, more) => addWithoutOverlap(kept, more), []);
}
