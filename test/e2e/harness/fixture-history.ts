/**
 * The /history/ fixture helpdesk (fixture-helpdesk.ts): the shape of the hardest real helpdesk
 * teach mode meets, Request Tracker's. Every page refuses framing; the subject carries the
 * page's own "#7:" prefix; the requester shows only as `Name <email>` in a link to their user
 * page; the history interleaves messages with system events (a status change, an owner set) that
 * look like messages but have no body; staff messages differ from the customer's only by a badge
 * (no role word in any class or attribute); Reply is an item of a menu that shows only on hover
 * and carries a record id of one message (QuoteTransaction); the reply page runs the real
 * CKEditor 4 beside a Status field.
 */
import { ckeditorReplyForm } from './ckeditor4-files';
import type { FixtureShape, FixtureTicket } from './fixture-pages';

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;

const STYLE =
  '.actions-menu{display:inline-block;position:relative;padding:4px 8px;border:1px solid #999}' +
  '.actions-menu .menu-items{display:none;position:absolute;left:0;top:100%;margin:0;padding:4px 8px;list-style:none;background:#fff;border:1px solid #999}' +
  '.actions-menu:hover .menu-items{display:block}';

/** What happened after the message at the same index, as the history shows it between messages. */
const EVENTS = ["Status changed from 'new' to 'open'", 'Owner set to Priya Shah', '', "Status changed from 'open' to 'stalled'"];

const transaction = (inner: string, kind: string, n: number) => `<div class="transaction ${kind}" id="txn-${90 + n}">${inner}</div>`;

function history(t: FixtureTicket): string {
  return t.messages
    .map((m, i) => {
      const badge = m.role === 'agent' ? ' <span class="badge">Staff</span>' : '';
      const message = transaction(
        `<div class="metadata"><span class="who">${escape(m.author)}</span>${badge} <span class="date">${m.time.slice(0, 16).replace('T', ' ')}</span></div>` +
          `<div class="messagebody">${escape(m.body).replace(/\n/g, '<br>')}</div>`,
        'message',
        2 * i,
      );
      const event = EVENTS[i] ? transaction(`<div class="metadata"><span class="who">Sam Lee</span> <span class="description">${escape(EVENTS[i]!)}</span></div>`, 'event', 2 * i + 1) : '';
      return message + event;
    })
    .join('');
}

export const historyShape: FixtureShape = {
  view: (t) =>
    page(
      `#${t.id}: ${t.subject}`,
      `<div id="page"><h1 id="subject">#${t.id}: ${escape(t.subject)}</h1>` +
        `<div class="actions-menu"><span class="menu-label">Actions</span><ul class="menu-items">` +
        `<li><a class="menu-link" href="/history/tickets/${t.id}/reply?QuoteTransaction=95&amp;Action=Respond">Reply</a></li>` +
        `<li><a class="menu-link" href="/history/tickets/${t.id}/reply?Action=Comment">Comment</a></li></ul></div>` +
        `<table class="ticket-info-people"><tr><td class="label">Requestors:</td><td class="value"><a class="user" href="/history/users/31">${escape(`${t.requester.name} <${t.requester.email}>`)}</a></td></tr>` +
        `<tr><td class="label">Owner:</td><td class="value"><span class="user">Priya Shah</span></td></tr></table>` +
        `<div class="history">${history(t)}</div></div>`,
    ),
  reply: (t) => page(`Update ticket #${t.id}`, `<div id="page"><h1>Update ticket #${t.id}: ${escape(t.subject)}</h1>${ckeditorReplyForm('history', t.id)}</div>`),
};
