import { detectInCopy, type NumberChecks } from '../core/pii/detect';
import { matchingCopy } from '../core/pii/matching-copy';
import { linkTarget } from './link-target';

/**
 * The links, email addresses and numbers a text gives someone to act on, each with the form it is
 * compared by (`key`) and where it leads (`host`). A reply that sends the customer to another
 * site, another address, another phone number or another bank account says so here.
 */
/** `name` and `address` only as another customer's (see foreign-contacts.ts). */
export type ContactKind = 'link' | 'email' | 'phone' | 'iban' | 'card' | 'number' | 'name' | 'address';

export interface Contact {
  kind: ContactKind;
  /** As written. */
  value: string;
  /**
   * As compared: a URL as the browser resolves it, an address in lower case (NFKC), the digits
   * and capital letters of a number, however it was grouped or cased.
   */
  key: string;
  /** The site or mail domain (punycode), an IBAN's country; null for numbers. */
  host: string | null;
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`)\]]+/giu;
const trimTail = (s: string) => s.replace(/[.,;:!?]+$/, '');
/** Letters and digits only, in capitals: "de89.3704…" and "DE89 3704…" compare equal. */
const alnumKey = (s: string) => s.normalize('NFKC').replace(/[^\p{L}\p{N}]/gu, '').toUpperCase();

/**
 * `checks`: what tells a phone number or an IBAN from any other run of digits. Addresses and
 * numbers are found on the text's matching copy (NFKC, invisible characters dropped), so a
 * lowercase IBAN, one grouped by dots or no-break spaces, or an address with decomposed accents
 * is found and compares equal to its usual spelling; `value` is still the text as written.
 */
export function contactsIn(text: string, checks: NumberChecks): Contact[] {
  return contactSpans(text, checks).map((s) => s.contact);
}

interface ContactSpan {
  contact: Contact;
  start: number;
  end: number;
}

function contactSpans(text: string, checks: NumberChecks): ContactSpan[] {
  const out: ContactSpan[] = [];
  const seen = new Set<string>();
  const add = (contact: Contact, start: number, end: number) => {
    if (seen.has(`${contact.kind}:${contact.key}`)) return;
    seen.add(`${contact.kind}:${contact.key}`);
    out.push({ contact, start, end });
  };
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const value = trimTail(m[0]);
    const target = linkTarget(/^www\./i.test(value) ? `https://${value}` : value);
    if (target) add({ kind: 'link', value, key: target.url, host: target.host }, m.index, m.index + value.length);
  }
  const copy = matchingCopy(text);
  for (const f of detectInCopy(copy, { checks })) {
    const [start, end] = [copy.start(f.start), copy.end(f.end)];
    const value = text.slice(start, end);
    const folded = copy.text.slice(f.start, f.end);
    if (f.kind === 'EMAIL') {
      const target = linkTarget(`mailto:${folded}`);
      if (target) add({ kind: 'email', value, key: folded.toLowerCase(), host: target.host }, start, end);
    } else if (f.kind === 'PHONE') add({ kind: 'phone', value, key: phoneKey(folded), host: null }, start, end);
    else if (f.kind === 'IBAN') add({ kind: 'iban', value, key: alnumKey(folded), host: folded.slice(0, 2).toUpperCase() }, start, end);
    else if (f.kind === 'CARD') add({ kind: 'card', value, key: alnumKey(folded), host: null }, start, end);
  }
  return out.sort((a, b) => kindOrder(a) - kindOrder(b) || a.start - b.start);
}

// Links, then email addresses, then numbers in the order they stand.
const kindOrder = (s: ContactSpan) => (s.contact.kind === 'link' ? 0 : s.contact.kind === 'email' ? 1 : 2);

// A run of groups of letters and digits (a group with a digit, or up to four capitals: "WEST",
// "BLZ"), each after one space, no-break space, dot, hyphen or slash, as account numbers and
// references are written.
const GROUP = String.raw`(?:[\p{L}]*\p{N}[\p{L}\p{N}]*|\p{Lu}{1,4}(?![\p{L}\p{N}]))`;
const RUN = new RegExp(String.raw`(?<![\p{L}\p{N}])${GROUP}(?:[ ./-]${GROUP})*`, 'gu');
/** Long enough to be an account or card number that no detector knows: eight digits or more. */
const RUN_DIGITS = 8;
// A date is no account: 2025-03-20, 20.03.2025.
const DATE = /^(?:\d{1,2}[./-]\d{1,2}[./-]\d{2,4}|\d{4}[./-]\d{1,2}[./-]\d{1,2})$/;

/**
 * The backstop for numbers no detector knows (an account in a national format, an IBAN with a
 * wrong checksum, a card that fails the Luhn check): every long run of letters and digits of a
 * text, except those inside a link, address or number `contactsIn` found. Its key is its digits
 * and letters in capitals.
 */
export function longRunsIn(text: string, checks: NumberChecks): Contact[] {
  const found = contactSpans(text, checks);
  const copy = matchingCopy(text);
  const out: Contact[] = [];
  for (const m of copy.text.matchAll(RUN)) {
    const folded = trimTail(m[0]).replace(/[ ./-]+$/, '');
    if ((folded.match(/\p{N}/gu)?.length ?? 0) < RUN_DIGITS || DATE.test(folded)) continue;
    const [start, end] = [copy.start(m.index), copy.end(m.index + folded.length)];
    if (found.some((f) => f.start < end && start < f.end)) continue;
    const key = alnumKey(folded);
    if (!out.some((c) => c.key === key)) out.push({ kind: 'number', value: text.slice(start, end), key, host: null });
  }
  return out;
}
/** A phone number's digits without its trunk or international prefix: +49 30 123 and 030 123 compare equal. */
function phoneKey(value: string): string {
  const digits = value.normalize('NFKC').replace(/\D/g, '');
  return digits.replace(/^00/, '').replace(/^0/, '').slice(-9);
}
