// @ts-check
/**
 * The helpdesk's state: tickets copied from the seed file into memory, and the log of every
 * reply the server accepted ("what was sent"), optionally mirrored to a JSON file.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { htmlToText, sanitizeHtml } from './sanitize.mjs';
import { STATUSES } from './public/views.mjs';

/** @typedef {import('./public/views.mjs').Message} Message */
/** @typedef {Omit<import('./public/views.mjs').TicketView, 'nav'>} Ticket */
/** @typedef {{ seq: number, kind: 'reply' | 'note', ticketId: number, body: string, text: string, status: string, at: string }} SentReply */
/** @typedef {{ ok: true, message: Message, ticket: Ticket, sent: SentReply } | { ok: false, httpStatus: number, error: string }} ReplyOutcome */

export const MAX_BODY_CHARS = 100_000;
const STATUS_VALUES = new Set(STATUSES.map(([value]) => value));
const isoNow = () => new Date().toISOString().replace(/\.\d+Z$/, 'Z');

/** Closed tickets with the team's answers: what a search of past tickets finds. */
export const PAST_FILE = new URL('./past-tickets.json', import.meta.url);
/** The most results one search page lists, as real helpdesks page theirs. */
export const SEARCH_PAGE_SIZE = 50;

/** @param {{ seedFile: string, dataFile?: string | null, pastFile?: string | URL | null }} options */
export function createStore({ seedFile, dataFile = null, pastFile = PAST_FILE }) {
  const seed = JSON.parse(readFileSync(seedFile, 'utf8'));
  /** @type {unknown[]} */
  const past = pastFile ? JSON.parse(readFileSync(pastFile, 'utf8')).tickets : [];
  /** @type {{ name: string, email: string }} */
  const agent = seed.agent;
  /** @type {Ticket[]} */
  let tickets = [];
  /** @type {SentReply[]} */
  let sent = [];
  let nextMessageId = 1;

  function persist() {
    if (!dataFile) return;
    // Write then rename, so a reader never sees half a log.
    writeFileSync(`${dataFile}.tmp`, JSON.stringify(sent, null, 2) + '\n');
    renameSync(`${dataFile}.tmp`, dataFile);
  }

  function reset() {
    tickets = structuredClone([...seed.tickets, ...past]).map((/** @type {any} */ t) => ({
      ...t,
      createdAt: t.messages[0]?.at ?? isoNow(),
      updatedAt: t.messages.at(-1)?.at ?? isoNow(),
    }));
    nextMessageId = 1 + Math.max(0, ...tickets.flatMap((t) => t.messages.map((m) => m.id)));
    sent = [];
    persist();
  }

  const find = (/** @type {number} */ id) => tickets.find((t) => t.id === id) ?? null;

  /** The ticket as pages and the API show it: bodies sanitized, neighbours for the pager. */
  function view(/** @type {number} */ id) {
    const t = find(id);
    if (!t) return null;
    // The pager walks the queue the ticket is in: today's tickets, or the closed ones.
    const queue = tickets.filter((q) => (q.status === 'closed') === (t.status === 'closed'));
    const index = queue.indexOf(t);
    return {
      ...t,
      messages: t.messages.map((m) => ({ ...m, body: sanitizeHtml(m.body) })),
      nav: { prev: queue[index - 1]?.id ?? null, next: queue[index + 1]?.id ?? null },
    };
  }

  const row = (/** @type {Ticket} */ t) => ({ ...t, snippet: htmlToText(t.messages.at(-1)?.body ?? '').slice(0, 140) });

  /** Rows for the list, most recently updated first; closed tickets only in their own view. */
  function list(/** @type {string | null} */ status = null) {
    return tickets
      .filter((t) => (status ? t.status === status : t.status !== 'closed'))
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map(row);
  }

  /**
   * The helpdesk's own search, as full-text search does it: every ticket (closed ones too) with
   * at least half the query's words in its number, subject, people or messages, the most words
   * first, then the most recently updated; one page of results.
   */
  function search(/** @type {string} */ query) {
    const words = [...new Set(query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length > 1))].slice(0, 12);
    if (!words.length) return [];
    const needed = Math.ceil(words.length / 2);
    return tickets
      .map((t) => {
        const text = [t.number, t.subject, t.requester.name, t.requester.email, ...t.messages.map((m) => htmlToText(m.body))].join(' ').toLowerCase();
        return { t, score: words.filter((w) => text.includes(w)).length };
      })
      .filter((r) => r.score >= needed)
      .sort((a, b) => b.score - a.score || b.t.updatedAt.localeCompare(a.t.updatedAt))
      .slice(0, SEARCH_PAGE_SIZE)
      .map((r) => row(r.t));
  }

  /**
   * Accepts an agent reply (the customer sees it) or an internal note (agents only):
   * appends it to the thread, sets the status for a reply, and logs it.
   * @param {number} id @param {unknown} input @param {'reply' | 'note'} [kind] @returns {ReplyOutcome}
   */
  function addReply(id, input, kind = 'reply') {
    const ticket = find(id);
    if (!ticket) return { ok: false, httpStatus: 404, error: 'No such ticket.' };
    const { body, status } = /** @type {{ body?: unknown, status?: unknown }} */ (input ?? {});
    const what = kind === 'note' ? 'note' : 'reply';
    if (typeof body !== 'string' || htmlToText(body) === '') {
      return { ok: false, httpStatus: 400, error: `The ${what} is empty. Write a message before ${kind === 'note' ? 'adding it' : 'sending'}.` };
    }
    if (body.length > MAX_BODY_CHARS) return { ok: false, httpStatus: 413, error: `The ${what} is too long.` };
    if (status !== undefined && (typeof status !== 'string' || !STATUS_VALUES.has(status))) {
      return { ok: false, httpStatus: 400, error: `Unknown status: ${String(status)}` };
    }
    const at = isoNow();
    /** @type {Message} */
    const message = { id: nextMessageId++, author: agent.name, email: agent.email, role: kind === 'note' ? 'internal' : 'agent', at, body };
    ticket.messages.push(message);
    if (kind === 'reply') ticket.status = status ?? ticket.status;
    ticket.updatedAt = at;
    /** @type {SentReply} */
    const entry = { seq: sent.length + 1, kind, ticketId: id, body, text: htmlToText(body), status: ticket.status, at };
    sent.push(entry);
    persist();
    return { ok: true, message: { ...message, body: sanitizeHtml(body) }, ticket, sent: entry };
  }

  reset();
  return {
    workspace: /** @type {string} */ (seed.workspace),
    agent,
    list,
    search,
    view,
    addReply,
    reset,
    sent: () => sent.map((s) => ({ ...s })),
    count: () => tickets.length,
  };
}
