import { detectPersonalData, type NumberChecks } from '../core/pii/detect';
import { linkTarget } from './link-target';

/**
 * The links, email addresses and numbers a text gives someone to act on, each with the form it is
 * compared by (`key`) and where it leads (`host`). A reply that sends the customer to another
 * site, another address, another phone number or another bank account says so here.
 */
export type ContactKind = 'link' | 'email' | 'phone' | 'iban' | 'card';

export interface Contact {
  kind: ContactKind;
  /** As written. */
  value: string;
  /** As compared: a URL as the browser resolves it, an address in lower case, digits of a number. */
  key: string;
  /** The site or mail domain (punycode), an IBAN's country; null for numbers. */
  host: string | null;
}

const URL_IN_TEXT = /\b(?:https?:\/\/|www\.)[^\s<>"'`)\]]+/giu;
const MAIL_IN_TEXT = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+/gu;
const trimTail = (s: string) => s.replace(/[.,;:!?]+$/, '');

/** `checks`: what tells a phone number or an IBAN from any other run of digits. */
export function contactsIn(text: string, checks: NumberChecks): Contact[] {
  const out: Contact[] = [];
  const seen = new Set<string>();
  const add = (c: Contact) => {
    if (seen.has(`${c.kind}:${c.key}`)) return;
    seen.add(`${c.kind}:${c.key}`);
    out.push(c);
  };
  for (const [m] of text.matchAll(URL_IN_TEXT)) {
    const value = trimTail(m);
    const target = linkTarget(/^www\./i.test(value) ? `https://${value}` : value);
    if (target) add({ kind: 'link', value, key: target.url, host: target.host });
  }
  for (const [m] of text.matchAll(MAIL_IN_TEXT)) {
    const value = trimTail(m);
    const target = linkTarget(`mailto:${value}`);
    if (target) add({ kind: 'email', value, key: value.toLowerCase(), host: target.host });
  }
  for (const f of detectPersonalData(text, { checks })) {
    const value = text.slice(f.start, f.end);
    if (f.kind === 'PHONE') add({ kind: 'phone', value, key: phoneKey(value), host: null });
    else if (f.kind === 'IBAN') add({ kind: 'iban', value, key: value.replace(/[\s-]/g, '').toUpperCase(), host: value.slice(0, 2).toUpperCase() });
    else if (f.kind === 'CARD') add({ kind: 'card', value, key: value.replace(/\D/g, ''), host: null });
  }
  return out;
}

/** A phone number's digits without its trunk or international prefix: +49 30 123 and 030 123 compare equal. */
function phoneKey(value: string): string {
  const digits = value.replace(/\D/g, '');
  return digits.replace(/^00/, '').replace(/^0/, '').slice(-9);
}
