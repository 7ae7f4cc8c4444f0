import type { AdapterPage, PageTicket, TicketData, TicketMessage } from '../adapter';
import { idNumber, textOf } from '../adapter-helpers';
import { elementText, messageText } from '../dom/dom-text';

/**
 * The FreeScout 1.8 conversation page (/conversation/<id>), as the adapter reads it. Every
 * selector is checked against test/fixtures/sites/freescout/ for the matches it expects
 * (pages.json). Summernote's classes start with "note-": they have nothing to do with notes.
 */
export const SELECTORS = {
  /** 1 on a conversation page: the body carries the conversation's and the mailbox's ids. */
  conversation: 'body[data-conversation_id][data-mailbox_id]',
  main: '#conv-layout-main',
  /** The number people see; it may differ from the id in the URL. */
  number: '#conv-subject .conv-numnav strong',
  subject: '#conv-subject .conv-subjtext > span',
  status: '#conv-status .conv-info-val > span:first-child',
  customerName: '#conv-layout-customer .customer-name',
  /** The conversation's address comes first. */
  customerEmail: '#conv-layout-customer .customer-email .contact-main',
  /** The signed-in agent's first name, in the navigation bar. */
  agentName: '.nav-user',
  /** Customer messages, replies, notes: newest first, drafts aside. */
  post: '#conv-layout-main > .thread[data-thread_id]:not(.thread-type-draft)',
  /** Status and assignee changes. */
  lineitem: '#conv-layout-main > .thread.thread-type-lineitem',
  /** Within a post. */
  author: '.thread-person strong a',
  date: 'a.thread-date',
  content: '.thread-content',
  /** Within a line item. */
  action: '.thread-title',
  /** The editor opens with these buttons; it is one form for replies and notes. */
  replyOpen: '#conv-layout-header .conv-reply',
  noteOpen: '#conv-layout-header .conv-add-note',
  replyBlock: '.conv-reply-block',
  /** Scoped to the form: a hidden copy of the toolbar's fields and buttons sits outside it. */
  editor: '.form-reply .note-editable[contenteditable="true"]',
  mirror: '.form-reply textarea#body',
  isNote: '.form-reply input[name="is_note"]',
  afterSend: '.form-reply input[name="after_send"]',
  send: '.form-reply .btn-send-text',
  addNote: '.form-reply .btn-add-note-text',
  to: '.form-reply select[name="to"]',
  cc: '.form-reply select[name="cc[]"]',
  bcc: '.form-reply select[name="bcc[]"]',
  /** The editor toolbar's status and assignee, posted with every reply and note. */
  statusSelect: '.form-reply select[name="status"]',
  assigneeSelect: '.form-reply select[name="user_id"]',
  /** The conversation's status and assignee now, in the header's menus. */
  currentStatus: '#conv-status .conv-status li.active a[data-status]',
  currentAssignee: '#conv-assignee .conv-user li.active a[data-user_id]',
  assigneeName: '#conv-assignee .conv-info-val > span:first-child',
  /** What the page shows when an action fails. */
  errorAlert: '.alert-danger.alert-floating',
} as const;

const CONVERSATION_PATH = /\/conversation\/(\d+)\/?$/;
const ROLES: Record<string, TicketMessage['role']> = { customer: 'customer', message: 'agent', note: 'internal', lineitem: 'system', chat: 'customer' };
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

export const isConversationPath = (url: URL): boolean => CONVERSATION_PATH.test(url.pathname);

/** The conversation shown: the id in the URL, confirmed by the body's data-conversation_id. */
export function shownTicket(url: URL, doc: Document): PageTicket | null {
  const id = CONVERSATION_PATH.exec(url.pathname)?.[1];
  if (!id || doc.querySelector(SELECTORS.conversation)?.getAttribute('data-conversation_id') !== id) return null;
  return { key: id, label: `#${textOf(doc, SELECTORS.number) || id}` };
}

/** What every page load needs: a conversation page, and its conversation. */
export const freescoutPage: AdapterPage = {
  id: 'freescout',
  detect: (url, doc) => isConversationPath(url) && doc.querySelector(SELECTORS.conversation) !== null && doc.querySelector(SELECTORS.main) !== null,
  ticket: shownTicket,
};

/**
 * A thread's time from its tooltip text ("Mar 17, 2025 08:12", or "08:12AM" for a 12-hour
 * agent) as ISO local time: FreeScout writes it in the agent's time zone, which the page does
 * not name, so there is no offset. Any other text (another language) is returned as it is.
 */
export function threadTime(text: string): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  if (!t) return null;
  const m = /^([A-Za-z]{3})\.? (\d{1,2}), (\d{4}),? (\d{1,2}):(\d{2}) ?([ap]m)?$/i.exec(t);
  const month = m ? MONTHS.indexOf(m[1]!.toLowerCase()) + 1 : 0;
  if (!m || month === 0 || Number(m[2]) > 31) return t;
  let hour = Number(m[4]);
  if (m[6]) {
    if (hour < 1 || hour > 12) return t;
    hour = (hour % 12) + (m[6].toLowerCase() === 'pm' ? 12 : 0);
  } else if (hour > 23) return t;
  const two = (n: number | string) => String(n).padStart(2, '0');
  return `${m[3]}-${two(month)}-${two(m[2]!)}T${two(hour)}:${m[5]}`;
}

/** The signed-in agent's own posts read "you": name them, told by the profile link, not the word. */
function authorOf(link: Element | null, doc: Document): string {
  const name = link?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const me = doc.body?.getAttribute('data-auth_user_id') ?? '';
  const own = /^\d+$/.test(me) && /\/users\/profile\/(\d+)\/?$/.exec(link?.getAttribute('href') ?? '')?.[1] === me;
  return own ? `${textOf(doc, SELECTORS.agentName) || 'the signed-in agent'} (you)` : name;
}

const typeOf = (el: Element): string => [...el.classList].find((c) => c.startsWith('thread-type-'))?.slice('thread-type-'.length) ?? '';

function roleOf(el: Element): TicketMessage['role'] {
  const role = ROLES[typeOf(el)];
  if (role) return role;
  const href = el.querySelector(SELECTORS.author)?.getAttribute('href') ?? '';
  return /\/users\/profile\//.test(href) ? 'agent' : /\/customers\//.test(href) ? 'customer' : 'system';
}

function timeOf(el: Element): string | null {
  const date = el.querySelector(SELECTORS.date);
  // Bootstrap moves the title to data-original-title once its tooltip has shown.
  return threadTime(date?.getAttribute('title') || date?.getAttribute('data-original-title') || '');
}

function readThread(el: Element, doc: Document): TicketMessage {
  if (el.matches(SELECTORS.lineitem)) return { author: '', role: 'system', time: timeOf(el), body: messageText(el.querySelector(SELECTORS.action)) };
  return { author: authorOf(el.querySelector(SELECTORS.author), doc), role: roleOf(el), time: timeOf(el), body: messageText(el.querySelector(SELECTORS.content)) };
}

/** Thread items with their numeric ids, oldest first (the page shows them newest first). */
export const threadItems = (doc: Document): Element[] =>
  [...doc.querySelectorAll(`${SELECTORS.post}, ${SELECTORS.lineitem}`)].sort((a, b) => idNumber(a.id) - idNumber(b.id));

export function readTicket(doc: Document, label: string): TicketData {
  return {
    number: label,
    subject: textOf(doc, SELECTORS.subject),
    status: textOf(doc, SELECTORS.status) || null,
    requester: { name: textOf(doc, SELECTORS.customerName) || null, email: textOf(doc, SELECTORS.customerEmail) || null },
    messages: threadItems(doc).map((el) => readThread(el, doc)),
  };
}

/**
 * An agent reply (or note) whose text `matches`, posted after thread id `after` or made from
 * the draft `draft` (a reply sent from a saved draft keeps the draft's id).
 */
export function findPost(doc: Document, type: 'message' | 'note', after: number, draft: number | null, matches: (body: string) => boolean): Element | null {
  return (
    [...doc.querySelectorAll(SELECTORS.post)].find((el) => {
      const id = idNumber(el.id);
      return typeOf(el) === type && (id > after || id === draft) && matches(elementText(el.querySelector(SELECTORS.content)));
    }) ?? null
  );
}

/** The largest id of the thread's posts and line items (drafts aside), or 0. */
export const newestThreadId = (doc: Document): number =>
  Math.max(0, ...threadItems(doc).map((el) => idNumber(el.id)).filter(Number.isFinite));
