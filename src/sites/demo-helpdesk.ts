import type { ToolResult } from '../core';
import { defineAdapter, type PageTicket, type ReplyPayload, type TicketData, type TicketMessage } from './adapter';
import { comparableText, elementText, htmlToText } from './dom-text';
import { bodyOf, failed, guardedSend, replyFiller, textOf, ticketReader } from './adapter-helpers';
import { fillEditor, waitFor } from './editor';

/**
 * Deskmate's offline demo helpdesk (demo/helpdesk). Every selector below is checked against
 * the saved pages in test/fixtures/sites/demo-helpdesk/ for the number of matches it expects.
 */
export const SELECTORS = {
  /** 1 on every page of the demo helpdesk. */
  marker: 'html[data-helpdesk="deskmate-demo"]',
  /** 1 on a ticket page. */
  ticket: '.hd-ticket[data-ticket-id][data-ticket-number]',
  subject: '.hd-ticket-header .hd-ticket-subject',
  status: '.hd-ticket-header .hd-ticket-status[data-status]',
  requesterName: '.hd-ticket-header .hd-requester-name',
  requesterEmail: '.hd-ticket-header .hd-requester-email',
  /** One per message of the thread. */
  message: '.hd-thread > .hd-message[data-role]',
  /** 1 within each message. */
  messageAuthor: '.hd-message-header .hd-message-author',
  messageTime: '.hd-message-header time[datetime]',
  messageBody: '.hd-message-body',
  /** 1 each on a ticket page. */
  editor: '.hd-reply .hd-editor[contenteditable="true"]',
  mirror: '.hd-reply textarea[name="body"]',
  send: '.hd-reply button.hd-send',
  error: '.hd-reply .hd-reply-error',
  /** 1 each on a ticket page: the internal note box. */
  noteEditor: '.hd-note .hd-editor[contenteditable="true"]',
  noteMirror: '.hd-note textarea[name="note"]',
  noteAdd: '.hd-note button.hd-add-note',
  noteError: '.hd-note .hd-reply-error',
} as const;

const TICKET_PATH = /^\/tickets\/(\d+)\/?$/;
const ROLES = new Set<TicketMessage['role']>(['customer', 'agent', 'internal']);
const MIRROR_TIMEOUT_MS = 2_000;
const POSTED_TIMEOUT_MS = 10_000;

function shownTicket(url: URL, doc: Document): PageTicket | null {
  const id = TICKET_PATH.exec(url.pathname)?.[1];
  const root = doc.querySelector(SELECTORS.ticket);
  // Mid-navigation the URL and the DOM can disagree; then no ticket is shown for sure.
  if (!id || !root || root.getAttribute('data-ticket-id') !== id) return null;
  return { key: id, label: `#${root.getAttribute('data-ticket-number') ?? id}` };
}

type Kind = 'reply' | 'note';
const FORM_SELECTORS = {
  reply: [SELECTORS.editor, SELECTORS.mirror, SELECTORS.send, SELECTORS.error],
  note: [SELECTORS.noteEditor, SELECTORS.noteMirror, SELECTORS.noteAdd, SELECTORS.noteError],
} as const;

function replyForm(doc: Document, kind: Kind = 'reply') {
  const [e, m, b, x] = FORM_SELECTORS[kind];
  const editor = doc.querySelector<HTMLElement>(e);
  const mirror = doc.querySelector<HTMLTextAreaElement>(m);
  const send = doc.querySelector<HTMLButtonElement>(b);
  return editor && mirror && send ? { kind, editor, mirror, send, error: doc.querySelector<HTMLElement>(x) } : null;
}
type ReplyForm = NonNullable<ReturnType<typeof replyForm>>;

function readMessage(el: Element): TicketMessage {
  const role = el.getAttribute('data-role') as TicketMessage['role'];
  return {
    author: textOf(el, SELECTORS.messageAuthor),
    role: ROLES.has(role) ? role : 'system',
    time: el.querySelector(SELECTORS.messageTime)?.getAttribute('datetime') ?? null,
    body: elementText(el.querySelector(SELECTORS.messageBody)),
  };
}

function readTicket(doc: Document, label: string): TicketData {
  return {
    number: label,
    subject: textOf(doc, SELECTORS.subject),
    status: doc.querySelector(SELECTORS.status)?.getAttribute('data-status') ?? null,
    requester: {
      name: textOf(doc, SELECTORS.requesterName) || null,
      email: textOf(doc, SELECTORS.requesterEmail) || null,
    },
    messages: [...doc.querySelectorAll(SELECTORS.message)].map(readMessage),
  };
}

async function prepare(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The reply is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before sending a reply.');
  if (!replyForm(doc)) return failed('no_reply_form', 'This ticket page has no reply form, so nothing can be sent from it.');
  const t = readTicket(doc, shown.label);
  if (!t.requester.email) return failed('no_recipient', 'The page shows no requester email to reply to.');
  const recipient = t.requester.name ? `${t.requester.name} <${t.requester.email}>` : t.requester.email;
  const subject = /^re:/i.test(t.subject) ? t.subject : `Re: ${t.subject}`;
  return { ok: true, data: { site: location.origin, ticket: shown.label, recipient, subject, body } };
}

/** Waits for the reply to show in the thread as a new agent message, or for the page's error. */
function awaitOutcome(doc: Document, form: ReplyForm, payload: ReplyPayload, before: Set<Element>) {
  const expected = comparableText(payload.body);
  return waitFor<{ posted: true } | { error: string }>(
    () => {
      const root = doc.querySelector(SELECTORS.ticket);
      if (!root || `#${root.getAttribute('data-ticket-number')}` !== payload.ticket) return null;
      const posted = [...root.querySelectorAll(SELECTORS.message)].some(
        (m) => !before.has(m) && m.getAttribute('data-role') === (form.kind === 'note' ? 'internal' : 'agent') && comparableText(readMessage(m).body) === expected,
      );
      if (posted) return { posted: true };
      const error = form.error?.hidden === false ? form.error.textContent?.trim() : '';
      return error && !form.send.disabled ? { error } : null;
    },
    { root: doc.documentElement, timeoutMs: POSTED_TIMEOUT_MS },
  );
}

/** The reply or note box of the ticket the payload names: fills it, clicks once, waits for the thread. */
async function deliverThrough(kind: Kind, payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> {
  const what = kind === 'note' ? 'note' : 'reply';
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
    return failed('scope_changed', `The page no longer shows ticket ${payload.ticket} on ${payload.site}; nothing was sent.`);
  }
  const form = replyForm(doc, kind);
  if (!form) return failed(kind === 'note' ? 'no_note_form' : 'no_reply_form', `The ticket page has no ${what} form; nothing was sent.`);
  if (form.send.disabled) return failed('delivery_failed', `The page is busy sending something else (its ${form.send.textContent?.trim()} button is disabled); nothing was sent.`);

  const before = new Set(doc.querySelectorAll(SELECTORS.message));
  fillEditor(form.editor, payload.body);
  const expected = comparableText(payload.body);
  const mirrored = await waitFor(
    () => form.mirror.value === form.editor.innerHTML && comparableText(htmlToText(form.mirror.value, doc)) === expected,
    { root: form.editor, timeoutMs: MIRROR_TIMEOUT_MS },
  );
  if (!mirrored) return failed('delivery_failed', `The page's editor did not take the ${what} text; nothing was sent.`);

  form.send.click(); // The one and only click: whatever happens next, never click again.
  const outcome = await awaitOutcome(doc, form, payload, before);
  if (outcome && 'posted' in outcome) return { ok: true, data: { posted: true } };
  if (outcome) return failed('delivery_failed', `The helpdesk refused the ${what}: ${outcome.error}`);
  return failed(
    'delivery_failed',
    `The ${what} did not appear in the thread within ${POSTED_TIMEOUT_MS / 1000} s. It may or may not have been sent: check ticket ${payload.ticket} before trying again.`,
  );
}

/** A note goes to no one outside: no recipient, no subject; the confirm card says who sees it. */
async function prepareNote(input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> {
  const body = bodyOf(input);
  if (body === null) return failed('invalid_input', 'The note is empty.');
  const shown = shownTicket(new URL(location.href), doc);
  if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before adding a note.');
  if (!replyForm(doc, 'note')) return failed('no_note_form', 'This ticket page has no internal note box.');
  return { ok: true, data: { site: location.origin, ticket: shown.label, recipient: '', subject: '', body } };
}

export default defineAdapter({
  id: 'demo-helpdesk',
  title: 'Deskmate demo helpdesk',
  detect: (url, doc) => TICKET_PATH.test(url.pathname) && doc.querySelector(SELECTORS.marker) !== null,
  ticket: shownTicket,
  tools: {
    'ticket.read': ticketReader(shownTicket, readTicket),
    'reply.fill': replyFiller(async (doc) => replyForm(doc)?.editor ?? 'This page has no reply editor.'),
    'reply.send': guardedSend(prepare, (p, d, l) => deliverThrough('reply', p, d, l)),
    'note.add': guardedSend(prepareNote, (p, d, l) => deliverThrough('note', p, d, l)),
  },
});
