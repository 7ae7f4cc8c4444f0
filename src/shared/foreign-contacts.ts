import { detectInCopy, type NumberChecks } from '../core/pii/detect';
import { matchingCopy } from '../core/pii/matching-copy';
import type { Contact } from './contacts';

/**
 * What of a body belongs to another customer: the names of the people of other tickets read in
 * the conversation (their requester and the customers who wrote there), and the street addresses
 * of those tickets, when this ticket has neither. Emails, phones and account numbers are found by
 * the review's own detectors; these two only this way, since no detector knows a name, and an
 * address is only a concern here when it is someone else's.
 */
export interface OtherTickets {
  /** The texts of other tickets. */
  texts: readonly string[];
  /** The names of those tickets' customers, as their structured data gives them. */
  people: readonly string[];
}

const fold = (s: string) => matchingCopy(s).text.toLowerCase();
const wordsOf = (name: string) => fold(name).split(/[^\p{L}'’-]+/u).filter((w) => w.length >= 3);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The other customers' names and addresses in `body` that this ticket's texts do not hold. */
export function foreignContacts(body: string, own: readonly string[], other: OtherTickets, checks: NumberChecks): Contact[] {
  const ownText = fold(own.join('\n'));
  // Addresses and links are the review's own items: a name inside one is not a name here.
  const folded = fold(body).replace(/\S+@\S+|\bhttps?:\/\/\S+/giu, ' ');
  const out: Contact[] = [];
  const seen = new Set<string>();
  for (const name of other.people) {
    const key = fold(name).replace(/\s+/g, ' ').trim();
    const named = wordsOf(name).some((word) => {
      const at = new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'u');
      return at.test(folded) && !at.test(ownText);
    });
    if (!named || seen.has(key)) continue;
    seen.add(key);
    out.push({ kind: 'name', value: name, key, host: null });
  }
  const ownAddresses = new Set(addressesIn(own.join('\n'), checks));
  const otherAddresses = new Set(other.texts.flatMap((t) => addressesIn(t, checks)));
  for (const address of addressesIn(body, checks)) {
    if (otherAddresses.has(address) && !ownAddresses.has(address) && !seen.has(address)) {
      seen.add(address);
      out.push({ kind: 'address', value: address, key: address, host: null });
    }
  }
  return out;
}

function addressesIn(text: string, checks: NumberChecks): string[] {
  const copy = matchingCopy(text);
  return detectInCopy(copy, { checks })
    .filter((f) => f.kind === 'ADDRESS')
    .map((f) => copy.text.slice(f.start, f.end).toLowerCase().replace(/\s+/g, ' ').trim());
}
