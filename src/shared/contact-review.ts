import type { NumberChecks } from '../core/pii/detect';
import { contactsIn, type Contact } from './contacts';
import { addressLookalikes, hostLookalike, type LookalikeReason } from './lookalike';

/** Where a contact in the body was seen before the send. */
export type ContactSource = 'ticket' | 'kb' | 'typed';

export interface ReviewedContact extends Contact {
  sources: ContactSource[];
  /** The assistant wrote it, and it is in neither the ticket, the knowledge base nor the agent's typing. */
  unverified: boolean;
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
}

const keysOf = (texts: readonly string[], checks: NumberChecks) => new Set(texts.flatMap((t) => contactsIn(t, checks).map((c) => `${c.kind}:${c.key}`)));

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
  return contactsIn(body, checks).map((c) => {
    const id = `${c.kind}:${c.key}`;
    const sources: ContactSource[] = [];
    if (ticket.has(id)) sources.push('ticket');
    if (kb.has(id)) sources.push('kb');
    if (typed.has(id) || !assistant.has(id)) sources.push('typed');
    return { ...c, sources, unverified: sources.length === 0, lookalike: lookalikeOf(c) };
  });
}

function lookalikeOf(c: Contact): LookalikeReason[] {
  if (c.kind === 'email') return addressLookalikes(c.value)[0]?.reasons ?? [];
  if (c.kind !== 'link') return [];
  // The host as written (before the browser turns it into punycode), without user info or port.
  const written = /^(?:https?:\/\/)?(?:[^/?#@]*@)?([^/?#:]+)/i.exec(c.value)?.[1] ?? '';
  return hostLookalike(written)?.reasons ?? [];
}
