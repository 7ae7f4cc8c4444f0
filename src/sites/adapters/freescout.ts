import type { ToolResult } from '../../core';
import { defineAdapter, type PageTicket, type ReplyPayload } from '../adapter';
import { bodyOf, failed, guardedSend, mailbox, replyFiller, replySubject, ticketReader } from '../adapter-helpers';
import { comparableText } from '../dom/text-compare';
import { SELECTORS, freescoutPage, readTicket, shownTicket } from './freescout-page';
import { freescoutEffects } from './freescout-effects';
import { openEditor, post, reportDelivery } from './freescout-send';
import { boxText, withBox } from '../dom/box-text';
import { pastTicketReader, ticketSearcher } from '../past/past-tickets';
import { FREESCOUT_PAST } from './freescout-search';

export { SELECTORS } from './freescout-page';

/**
 * FreeScout 1.8, the agent's conversation page. Moving between conversations loads a page;
 * so does sending, which is why this adapter has `afterLoad` (see freescout-send.ts).
 */

const chosen = (doc: Document, selector: string): string[] =>
  [...(doc.querySelector<HTMLSelectElement>(selector)?.options ?? [])].filter((o) => o.selected).map((o) => o.value.trim()).filter(Boolean);

/** Who the reply goes to, as the form stands: To (when the customer has several addresses), Cc, Bcc. */
function addressing(doc: Document, shown: PageTicket): { recipient: string; subject: string } | null {
  const t = readTicket(doc, shown.label);
  const email = chosen(doc, SELECTORS.to)[0] ?? t.requester.email;
  if (!email) return null;
  const cc = chosen(doc, SELECTORS.cc);
  const bcc = chosen(doc, SELECTORS.bcc);
  const recipient = [mailbox(t.requester.name, email), cc.length ? `cc: ${cc.join(', ')}` : '', bcc.length ? `bcc: ${bcc.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return { recipient, subject: replySubject(t.subject) };
}

async function prepare(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The reply is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no conversation. Open it before sending a reply.');
  if (!doc.querySelector(SELECTORS.replyOpen) || !doc.querySelector(SELECTORS.send)) {
    return failed('no_reply_form', 'This conversation has no reply editor, so nothing can be sent from it.');
  }
  const to = addressing(doc, shown);
  if (!to) return failed('no_recipient', 'The page shows no customer email to reply to.');
  // A send's success is only known once the page has reloaded; this keeps a retry from repeating it.
  const latest = readTicket(doc, shown.label).messages.filter((m) => m.role === 'agent').at(-1);
  if (latest && comparableText(latest.body) === comparableText(body)) {
    return failed('already_sent', `The latest reply in conversation ${shown.label} already reads exactly like this; nothing was prepared.`);
  }
  const effects = freescoutEffects(doc, 'reply');
  // One editor serves replies and notes: what the agent typed in it, the card says posting replaces.
  return { ok: true, data: withBox({ site: location.origin, ticket: shown.label, ...to, body, ...(effects.length ? { effects } : {}) }, boxText(doc.querySelector(SELECTORS.editor))) };
}

async function deliver(payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> {
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
    return failed('scope_changed', `The page no longer shows conversation ${payload.ticket} on ${payload.site}; nothing was sent.`);
  }
  const to = addressing(doc, shown);
  if (to?.recipient !== payload.recipient || to.subject !== payload.subject) {
    return failed('scope_changed', 'The recipients on the page changed since the reply was confirmed; nothing was sent. Prepare it again.');
  }
  return post(doc, shown, 'reply', payload.body, payload);
}

/** A note goes to no one outside: no recipient, no subject; the confirm card says who sees it. */
async function prepareNote(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The note is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no conversation. Open it before adding a note.');
  if (!doc.querySelector(SELECTORS.noteOpen) || !doc.querySelector(SELECTORS.addNote)) {
    return failed('no_note_form', 'This conversation has no note editor, so no note can be added from it.');
  }
  const effects = freescoutEffects(doc, 'note');
  return { ok: true, data: withBox({ site: location.origin, ticket: shown.label, recipient: '', subject: '', body, ...(effects.length ? { effects } : {}) }, boxText(doc.querySelector(SELECTORS.editor))) };
}

async function deliverNote(payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> {
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
    return failed('scope_changed', `The page no longer shows conversation ${payload.ticket} on ${payload.site}; the note was not added.`);
  }
  return post(doc, shown, 'note', payload.body, payload);
}

export default defineAdapter({
  ...freescoutPage,
  title: 'FreeScout',
  tools: {
    'ticket.read': pastTicketReader(FREESCOUT_PAST, ticketReader(shownTicket, readTicket, 'conversation')),
    'tickets.search': ticketSearcher(FREESCOUT_PAST),
    'reply.fill': replyFiller(async (doc) => {
      const opened = await openEditor(doc, 'reply');
      return typeof opened === 'string' ? opened : opened.editor;
    }),
    'note.add': guardedSend(prepareNote, deliverNote, 'conversation'),
    'reply.send': guardedSend(prepare, deliver, 'conversation'),
  },
  afterLoad: (doc, location) => reportDelivery(doc, location).catch(() => null),
});
