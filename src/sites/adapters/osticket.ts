import type { ToolResult } from '../../core';
import { defineAdapter, type PageTicket, type ReplyPayload } from '../adapter';
import { bodyOf, failed, guardedSend, mailbox, replyFiller, replySubject, ticketReader } from '../adapter-helpers';
import { SELECTORS, osticketPage, readTicket, shownTicket } from './osticket-page';
import { osticketEffects } from './osticket-effects';
import { postThroughFrame, threadForm } from './osticket-post';
import { effectsInWords, sameEffects } from '../../shared/post-effects';
import { boxChanged, boxText, withBox } from '../dom/box-text';
import { pastTicketReader, ticketSearcher } from '../past/past-tickets';
import { OSTICKET_PAST } from './osticket-search';

export { SELECTORS } from './osticket-page';

/**
 * osTicket 1.18, the staff panel (scp/). Ticket pages are reached by PJAX from the queue, so
 * the URL and the DOM are read together every time (shownTicket). Posting goes through the
 * page's own forms; see osticket-post.ts for how the outcome is seen despite the page load.
 */

const selectedNames = (select: HTMLSelectElement | null): string[] =>
  [...(select?.options ?? [])].filter((o) => o.selected).map((o) => o.textContent?.trim() ?? '').filter(Boolean);

/**
 * Who the reply goes to, as the form stands: the requester, the active collaborators when the
 * form replies to all, or nobody when it says not to email. Read again before posting.
 */
function addressing(doc: Document, shown: PageTicket): { recipient: string; subject: string } | null {
  const t = readTicket(doc, shown.label);
  if (!t.requester.email) return null;
  const to = mailbox(t.requester.name, t.requester.email);
  const replyTo = doc.querySelector<HTMLSelectElement>(SELECTORS.replyTo)?.value ?? 'all';
  const ccs = replyTo === 'all' ? selectedNames(doc.querySelector(SELECTORS.collaborators)) : [];
  const recipient =
    replyTo === 'none' ? `${to} (posted to the ticket, not emailed: the form says not to email this reply)` : ccs.length ? `${to}; cc: ${ccs.join(', ')}` : to;
  return { recipient, subject: replySubject(t.subject) };
}

async function prepare(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The reply is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before sending a reply.');
  const form = threadForm(doc, 'response');
  if (!form) return failed('no_reply_form', 'This ticket page has no reply form (you may not be allowed to reply), so nothing can be sent from it.');
  const to = addressing(doc, shown);
  if (!to) return failed('no_recipient', 'The page shows no requester email to reply to.');
  const effects = osticketEffects(doc, 'response');
  // What the agent typed in the page's own reply box: the card says posting replaces it.
  return { ok: true, data: withBox({ site: location.origin, ticket: shown.label, ...to, body, ...(effects.length ? { effects } : {}) }, boxText(form.editor)) };
}

/**
 * The card showed what the form would do; an agent may change the form while the card is up.
 * Then the card is no longer what happens, so nothing is sent: the agent sees the new card.
 */
function effectsChanged(doc: Document, kind: 'response' | 'note', payload: ReplyPayload): ToolResult | null {
  const now = osticketEffects(doc, kind);
  if (sameEffects(now, payload.effects ?? [])) return null;
  return failed(
    'scope_changed',
    `The ${kind === 'note' ? 'note' : 'reply'} form on the page changed since the card was shown: posting now would ${effectsInWords(now)}, the card said ${effectsInWords(payload.effects ?? [])}. Nothing was sent; click Send… again to see what the helpdesk will do.`,
  );
}

async function deliver(payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> {
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
    return failed('scope_changed', `The page no longer shows ticket ${payload.ticket} on ${payload.site}; nothing was sent.`);
  }
  const form = threadForm(doc, 'response');
  if (!form) return failed('no_reply_form', 'The ticket page has no reply form; nothing was sent.');
  const to = addressing(doc, shown);
  if (to?.recipient !== payload.recipient || to.subject !== payload.subject) {
    return failed('scope_changed', 'The recipients on the page changed since the reply was confirmed; nothing was sent. Prepare it again.');
  }
  if (form.submit.disabled) return failed('delivery_failed', 'The page is busy posting something else (its Post Reply button is disabled); nothing was sent.');
  const changed = effectsChanged(doc, 'response', payload) ?? boxChanged(boxText(form.editor), payload);
  if (changed) return changed;
  return postThroughFrame(doc, location, shown.key, form, payload.body);
}

/** A note goes to no one outside: no recipient, no subject; the confirm card says who sees it. */
async function prepareNote(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The note is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before adding a note.');
  const form = threadForm(doc, 'note');
  if (!form) return failed('no_note_form', 'This ticket page has no internal note form.');
  const effects = osticketEffects(doc, 'note');
  return { ok: true, data: withBox({ site: location.origin, ticket: shown.label, recipient: '', subject: '', body, ...(effects.length ? { effects } : {}) }, boxText(form.editor)) };
}

async function deliverNote(payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> {
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
    return failed('scope_changed', `The page no longer shows ticket ${payload.ticket} on ${payload.site}; the note was not added.`);
  }
  const form = threadForm(doc, 'note');
  if (!form) return failed('no_note_form', 'This ticket page has no internal note form; the note was not added.');
  if (form.submit.disabled) return failed('delivery_failed', 'The page is busy posting something else; the note was not added.');
  const changed = effectsChanged(doc, 'note', payload) ?? boxChanged(boxText(form.editor), payload, 'note');
  if (changed) return changed;
  return postThroughFrame(doc, location, shown.key, form, payload.body);
}

export default defineAdapter({
  ...osticketPage,
  title: 'osTicket',
  tools: {
    'ticket.read': pastTicketReader(OSTICKET_PAST, ticketReader(shownTicket, readTicket)),
    'tickets.search': ticketSearcher(OSTICKET_PAST),
    'reply.fill': replyFiller(async (doc) => threadForm(doc, 'response')?.editor ?? 'This page has no reply editor.'),
    'note.add': guardedSend(prepareNote, deliverNote),
    'reply.send': guardedSend(prepare, deliver),
  },
});
