import type { NumberChecks } from '../core/pii/detect';
import { contactsIn, longRunsIn, type Contact } from './contacts';
import { foreignContacts } from './foreign-contacts';
import { addressLookalikes, hostLookalike, type LookalikeReason } from './lookalike';

/** Where a contact in the body was seen before the send; `other`: in another ticket read in the conversation. */
export type ContactSource = 'ticket' | 'kb' | 'typed' | 'other';

export interface ReviewedContact extends Contact {
  sources: ContactSource[];
  /** The assistant wrote it, and it is in neither the ticket, the knowledge base nor the agent's typing. */
  unverified: boolean;
  /** It is in another customer's ticket, and neither in this ticket nor in the knowledge base. */
  foreign?: boolean;
  lookalike: LookalikeReason[];
}

/** What the background knows about a conversation, as texts by where they came from. */
export interface SeenTexts {
  /** What the page tools read from the ticket. */
  ticket: readonly string[];
  /** The knowledge base's articles. */
  kb: readonly string[];
  /** What the agent typed in the chat. */
  typed: readonly string[];
  /** What the assistant wrote: answers and every tool call's arguments (its drafts among them). */
  assistant: readonly string[];
  /** Other tickets of the site read in the conversation (`ticket.read` with a key): other customers'. */
  other?: readonly string[];
  /** The names of those tickets' customers. */
  otherPeople?: readonly string[];
}

const keysOf = (texts: readonly string[], checks: NumberChecks) => new Set(texts.flatMap((t) => contactsIn(t, checks).map((c) => `${c.kind}:${c.key}`)));
/** Every long run of letters and digits of the texts, and every number found in them, as keys. */
const runKeysOf = (texts: readonly string[], checks: NumberChecks) =>
  texts.flatMap((t) => [...longRunsIn(t, checks), ...contactsIn(t, checks).filter((c) => c.kind !== 'link' && c.kind !== 'email')].map((c) => c.key));

/**
 * Each link, address and number of a body, with where it was seen. What the assistant did not
 * write, the agent did (typed or pasted into the draft): the body comes from the sidebar, the
 * conversation from the background. So a contact is unverified only when the assistant wrote it
 * and nobody else had: a link or bank account an injected instruction made up stands out.
 */
export function reviewContacts(body: string, seen: SeenTexts, checks: NumberChecks): ReviewedContact[] {
  const ticket = keysOf(seen.ticket, checks);
  const kb = keysOf(seen.kb, checks);
  const typed = keysOf(seen.typed, checks);
  const assistant = keysOf(seen.assistant, checks);
  const other = keysOf(seen.other ?? [], checks);
  const reviewed = contactsIn(body, checks).map((c): ReviewedContact => {
    const id = `${c.kind}:${c.key}`;
    const sources: ContactSource[] = [];
    if (ticket.has(id)) sources.push('ticket');
    if (kb.has(id)) sources.push('kb');
    if (other.has(id)) sources.push('other');
    // Copied from another ticket by the assistant, or pasted by the agent: either way not this customer's.
    if (typed.has(id) || (!assistant.has(id) && !other.has(id))) sources.push('typed');
    const foreign = other.has(id) && !ticket.has(id) && !kb.has(id);
    return { ...c, sources, unverified: sources.length === 0, foreign, lookalike: lookalikeOf(c) };
  });
  const people = foreignContacts(body, seen.ticket, { texts: seen.other ?? [], people: seen.otherPeople ?? [] }, checks).map(
    (c): ReviewedContact => ({ ...c, sources: ['other'], unverified: false, foreign: true, lookalike: [] }),
  );
  return [...reviewed, ...people, ...unverifiedRuns(body, seen, checks)];
}

/**
 * The backstop: a long run of letters and digits that no detector takes for a number (an
 * account in a national format, an IBAN with a wrong checksum) is listed when only the assistant
 * wrote it, that is when it stands, however grouped, in neither the ticket, the knowledge base
 * nor the agent's typing, and the assistant wrote it.
 */
function unverifiedRuns(body: string, seen: SeenTexts, checks: NumberChecks): ReviewedContact[] {
  const runs = longRunsIn(body, checks);
  if (!runs.length) return [];
  const elsewhere = runKeysOf([...seen.ticket, ...seen.kb, ...seen.typed], checks);
  const assistant = runKeysOf(seen.assistant, checks);
  const other = runKeysOf(seen.other ?? [], checks);
  return runs
    .filter((r) => assistant.some((k) => k.includes(r.key)) && !elsewhere.some((k) => k.includes(r.key)))
    .map((r): ReviewedContact => {
      const foreign = other.some((k) => k.includes(r.key));
      return { ...r, sources: foreign ? ['other'] : [], unverified: !foreign, foreign, lookalike: [] };
    });
}

function lookalikeOf(c: Contact): LookalikeReason[] {
  if (c.kind === 'email') return addressLookalikes(c.value)[0]?.reasons ?? [];
  if (c.kind !== 'link') return [];
  // The host as written (before the browser turns it into punycode), without user info or port.
  const written = /^(?:https?:\/\/)?(?:[^/?#@]*@)?([^/?#:]+)/i.exec(c.value)?.[1] ?? '';
  return hostLookalike(written)?.reasons ?? [];
}
