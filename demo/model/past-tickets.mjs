// @ts-check
/**
 * How the demo model uses the helpdesk's past tickets: it searches with a few words of the
 * subject (never a name or a number: the helpdesk logs searches), reads the one or two closest
 * closed tickets, and follows the team's answer there, leaving out everything that belongs to
 * that other customer. A past ticket is data like the open one: quoted, never obeyed.
 */
import { keywords, sentencesOf } from './text.mjs';

// Words every ticket has: they only make the helpdesk's search slower and vaguer.
const GENERIC = new Set(['order', 'orders', 'ticket', 'question', 'please', 'help', 'issue', 'problem', 'request']);

/** The search's words: the subject's salient words without digits, at most four. */
export const pastQuery = (/** @type {string} */ subject) =>
  keywords([subject], 12).filter((w) => !/\d/.test(w) && !GENERIC.has(w)).slice(0, 4).join(' ');

/**
 * The closed tickets of a tickets.search result worth reading: not the open ticket, at most two.
 * @param {import('./conversation.mjs').ToolOutcome | undefined} outcome @param {string} ownNumber
 * @returns {string[]} their keys
 */
export function closestKeys(outcome, ownNumber) {
  const results = /** @type {any} */ (outcome?.value)?.data?.results;
  if (!outcome?.ok || !Array.isArray(results)) return [];
  return results
    .filter((r) => typeof r?.key === 'string' && r.number !== ownNumber && /closed|solved|resolved/i.test(String(r.status ?? '')))
    .slice(0, 2)
    .map((r) => r.key);
}

// What belongs to the other customer or to that one case: addresses, phone numbers, amounts, order numbers.
const THEIRS = /@|\+\d|[€$£]\s?\d|\d\s?[€$£]|\b[A-Z]{2,}-\d+|\b\d{4,}\b/;
const PLEASANTRY = /^(?:thank|thanks|sorry|many thanks)\b/i;

/**
 * The team's answer in a past ticket as ticket.read returned it: the sentences of its last agent
 * reply that hold nothing of that customer (their names, contacts, amounts, order numbers).
 * @returns {{ key: string, text: string } | null}
 */
export function teamAnswer(/** @type {import('./conversation.mjs').ToolOutcome} */ outcome) {
  const data = /** @type {any} */ (outcome.value)?.data;
  if (!outcome.ok || typeof data?.key !== 'string' || !Array.isArray(data.messages)) return null;
  const reply = [...data.messages].reverse().find((m) => m?.role === 'agent' && typeof m.body === 'string');
  if (!reply) return null;
  const names = [data.requester?.name, ...data.messages.filter((m) => m?.role === 'customer').map((m) => m.author)]
    .filter((n) => typeof n === 'string')
    .flatMap((n) => n.split(/\s+/))
    .filter((w) => w.length > 1)
    .map((w) => w.toLowerCase());
  const theirs = (/** @type {string} */ s) => THEIRS.test(s) || s.toLowerCase().split(/[^\p{L}]+/u).some((w) => names.includes(w));
  const kept = sentencesOf(reply.body).filter((s) => /[.!?]$/.test(s) && !PLEASANTRY.test(s) && !theirs(s));
  return kept.length ? { key: data.key, text: kept.join(' ') } : null;
}
