import type { AdapterPage, PageTicket, TicketData, TicketMessage } from '../adapter';
import { idNumber, textOf } from '../adapter-helpers';
import { elementText, messageText } from '../dom/dom-text';

/**
 * The osTicket 1.18 staff panel's ticket page (scp/tickets.php?id=N), as the adapter reads it.
 * Every selector is checked against test/fixtures/sites/osticket/ for the matches it expects
 * (pages.json). Labels and button texts are translated, so no selector relies on them.
 */
export const SELECTORS = {
  /** 1 on every staff panel page: what osTicket swaps on PJAX navigation. */
  container: '#pjax-container',
  /** 1 on a ticket page: "Ticket #338769", a link to the ticket's own id (title "Reload"). */
  number: 'h2 > a[href*="tickets.php?id="]',
  subject: '.tixTitle h3',
  /** The first row (Status) of the left half of each info table: the first one's is the status. */
  status: 'table.ticket_info td:first-child > table tr:first-child > td',
  requesterName: 'table.ticket_info span[id^="user-"][id$="-name"]',
  requesterEmail: 'table.ticket_info span[id^="user-"][id$="-email"]',
  thread: '#thread-items',
  /** Messages, responses, notes and system entries, in page order. */
  entry: '#thread-items > div[id^="thread-entry-"] > .thread-entry',
  /** "Created by", "assigned", "closed": events between entries. */
  event: '#thread-items > .thread-event',
  /** Within an entry. */
  entryAuthor: '.header > b',
  entryTime: '.header time[datetime]',
  /** A note's optional title (the entry's action menu is a ul.title too). */
  entryTitle: '.header > span.title',
  entryBody: '.thread-body > div:first-child',
  /** Within an event. */
  eventText: '.description',
  /** The reply and internal note forms, each with its Redactor editor and hidden mirror. */
  replyForm: 'form#reply',
  replyEditor: 'form#reply .redactor-in[contenteditable="true"]',
  replyMirror: 'form#reply textarea#response',
  replySubmit: 'form#reply input[type="submit"]',
  replyTo: 'form#reply select#reply-to',
  collaborators: 'form#reply select#collabselection',
  noteForm: 'form#note',
  noteEditor: 'form#note .redactor-in[contenteditable="true"]',
  noteMirror: 'form#note textarea#internal_note',
  noteSubmit: 'form#note input[type="submit"]',
  /** The status the ticket gets with the post; the ticket's own is rendered selected. */
  replyStatus: 'form#reply select[name="reply_status_id"]',
  noteStatus: 'form#note select[name="note_status_id"]',
  /** "— Unassigned —" in the ticket's Assigned To field: a reply claims it. */
  unassigned: '#field_assign > .faded',
} as const;

export const TICKETS_PATH = /\/scp\/tickets\.php$/;

const ROLES: Record<string, TicketMessage['role']> = { message: 'customer', response: 'agent', note: 'internal', system: 'system' };

const ticketIdOf = (href: string | null): string | null => /[?&]id=(\d+)/.exec(href ?? '')?.[1] ?? null;

/**
 * The ticket the page shows: the id in the URL, confirmed by the page's own Reload link, so
 * that mid-PJAX (URL and content can disagree for a moment) no ticket is shown for sure.
 */
export function shownTicket(url: URL, doc: Document): PageTicket | null {
  const id = url.searchParams.get('id');
  if (!TICKETS_PATH.test(url.pathname) || !id || !/^\d+$/.test(id)) return null;
  const link = doc.querySelector(SELECTORS.number);
  if (!link || ticketIdOf(link.getAttribute('href')) !== id) return null;
  const text = link.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const number = /#\s*(\S+)$/.exec(text)?.[1] ?? id;
  return { key: id, label: `#${number}` };
}

/** What every page load needs: a ticket page of the staff panel, and its ticket. */
export const osticketPage: AdapterPage = {
  id: 'osticket',
  detect: (url, doc) =>
    TICKETS_PATH.test(url.pathname) && url.searchParams.has('id') && doc.querySelector(SELECTORS.container) !== null && doc.querySelector(SELECTORS.thread) !== null,
  ticket: shownTicket,
};

/** The URL of a ticket's page, next to the page at `base` (osTicket may live in a subfolder). */
export const ticketUrl = (key: string, base: string): string => new URL(`tickets.php?id=${key}`, base).href;

/** Thread entry ids (thread-entry-N) on a page. */
export const entryIds = (root: ParentNode): Set<string> =>
  new Set([...root.querySelectorAll(SELECTORS.entry)].map((e) => e.parentElement?.id ?? ''));

function readEntry(el: Element): TicketMessage {
  const kind = [...el.classList].find((c) => c in ROLES) ?? 'system';
  const title = textOf(el, SELECTORS.entryTitle);
  const body = messageText(el.querySelector(SELECTORS.entryBody));
  return {
    author: textOf(el, SELECTORS.entryAuthor),
    role: ROLES[kind] ?? 'system',
    time: el.querySelector(SELECTORS.entryTime)?.getAttribute('datetime') ?? null,
    // A note's optional title is part of what the agent wrote.
    body: title ? `${title}\n\n${body}` : body,
  };
}

function readEvent(el: Element): TicketMessage {
  const text = el.querySelector(SELECTORS.eventText)?.cloneNode(true) as Element | undefined;
  // With avatars on, the name carries its picture: not part of what happened.
  text?.querySelectorAll('img.avatar').forEach((img) => img.remove());
  return {
    author: textOf(el, `${SELECTORS.eventText} b`),
    role: 'system',
    time: el.querySelector(`${SELECTORS.eventText} time[datetime]`)?.getAttribute('datetime') ?? null,
    body: messageText(text),
  };
}

/** The thread oldest first, whichever order the agent's preference shows it in. */
function readThread(doc: Document): TicketMessage[] {
  const items = [...doc.querySelectorAll(`${SELECTORS.entry}, ${SELECTORS.event}`)];
  const ids = items.filter((el) => el.matches(SELECTORS.entry)).map((el) => idNumber(el.parentElement?.id));
  const messages = items.map((el) => (el.matches(SELECTORS.entry) ? readEntry(el) : readEvent(el)));
  const newestFirst = ids.length > 1 && ids[0]! > ids[ids.length - 1]!;
  return newestFirst ? messages.reverse() : messages;
}

export function readTicket(doc: Document, label: string): TicketData {
  return {
    number: label,
    subject: textOf(doc, SELECTORS.subject),
    status: textOf(doc, SELECTORS.status) || null,
    requester: {
      name: textOf(doc, SELECTORS.requesterName) || null,
      email: textOf(doc, SELECTORS.requesterEmail) || null,
    },
    messages: readThread(doc),
  };
}

/** The thread entry of `kind` ('response', 'note') that is not in `before` and reads as `text`. */
export function findNewEntry(doc: Document, kind: string, before: Set<string>, matches: (body: string) => boolean): Element | null {
  return (
    [...doc.querySelectorAll(SELECTORS.entry)].find(
      (el) => el.classList.contains(kind) && !before.has(el.parentElement?.id ?? '') && matches(elementText(el.querySelector(SELECTORS.entryBody))),
    ) ?? null
  );
}
