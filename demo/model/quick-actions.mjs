// @ts-check
/**
 * The demo model's quick actions ("Quick action: shorter. …"), scripted so tests can check
 * them: Shorter keeps every sentence with a number, Formal and Friendlier change only the
 * greeting, closing and tone words, Translate writes German for a customer who writes German.
 */
import { clip, firstName, requestSentence, restate } from './text.mjs';

const ACTION = /^Quick action: (\w+)\./;
const DRAFT = /\nCurrent draft:\n"""\n([\s\S]*)\n"""$/;
const GERMAN = /\b(?:ich|und|bitte|Guten Tag|vielen Dank|Sie|nicht|mein|Grüße)\b/i;

/** The action and the current draft of a quick-action request, or null for any other message. */
export function quickActionOf(/** @type {string} */ userText) {
  const action = ACTION.exec(userText)?.[1];
  return action ? { action, draft: DRAFT.exec(userText)?.[1] ?? null } : null;
}

const paragraphsOf = (/** @type {string} */ text) => text.split(/\n\s*\n/).map((p) => p.trim()).filter(Boolean);
const hasNumber = (/** @type {string} */ s) => /\d/.test(s);

/** Greeting and closing kept; of the rest every sentence with a number, else only the first one. */
export function shorter(/** @type {string} */ draft) {
  const paragraphs = paragraphsOf(draft);
  if (paragraphs.length < 3) return draft;
  const middle = paragraphs.slice(1, -1).join(' ').match(/[^.!?]+[.!?]+(?:\s|$)|[^.!?]+$/g) ?? [];
  const kept = middle.filter((s, i) => i === 0 || hasNumber(s)).map((s) => s.trim());
  return [paragraphs[0], kept.join(' '), paragraphs.at(-1)].join('\n\n');
}

export const formal = (/** @type {string} */ draft) =>
  draft.replace(/^Hi\b/, 'Dear').replace(/\bThanks\b/g, 'Thank you').replace(/Best regards,\s*$/, 'Kind regards,');

export const friendlier = (/** @type {string} */ draft) => {
  const [greeting, ...rest] = paragraphsOf(draft);
  return [greeting, 'Thanks so much for getting in touch, and sorry for the hassle!', ...rest].join('\n\n').replace(/Best regards,\s*$/, 'Warm wishes,');
};

/** German for a German-speaking customer: the greeting, a fixed text, and every number of the draft kept. */
export function toGerman(/** @type {string} */ draft) {
  const name = /^(?:Hi|Dear|Hello)\s+([^,\n]+),/.exec(draft)?.[1];
  const numbers = [...new Set(draft.match(/[A-Z]*-?\d[\d.,:/-]*\d|\d/g) ?? [])];
  return [
    `Hallo ${name ?? ''},`.replace(' ,', ','),
    'vielen Dank für Ihre Nachricht. Wir kümmern uns um Ihr Anliegen und melden uns so bald wie möglich.',
    ...(numbers.length ? [`Angaben aus Ihrer Nachricht: ${numbers.join(', ')}.`] : []),
    'Mit freundlichen Grüßen',
  ].join('\n\n');
}

export const speaksGerman = (/** @type {string[]} */ messages) => messages.some((m) => GERMAN.test(m));

/** @param {{ subject: string, requesterName: string | null, customerMessages: string[] }} ticket */
export function summaryCard(ticket) {
  const request = requestSentence(ticket.customerMessages);
  const name = firstName(ticket.requesterName) ?? 'The customer';
  return [
    `**Wants:** ${request ? restate(request, name) : `${name} wrote about "${clip(ticket.subject, 120)}".`}`,
    `**Tried:** ${ticket.customerMessages.length} message(s) from the customer so far.`,
    '**Promised:** nothing the ticket shows yet.',
    '**Next:** reply to the customer.',
  ].join('\n');
}

/** @param {{ subject: string, requesterName: string | null, customerMessages: string[] }} ticket */
export function noteCard(ticket) {
  const request = requestSentence(ticket.customerMessages);
  const name = firstName(ticket.requesterName) ?? 'The customer';
  return `Internal note: ${name} wrote about "${clip(ticket.subject, 120)}". ${request ? restate(request, name) : ''} Open: a reply to the customer.`.replace(/\s+/g, ' ').trim();
}
