// @ts-check
/**
 * Markup of the ticket view, shared by the server (full page loads) and the browser
 * (single-page navigation and appended replies), so both produce the same DOM.
 * Message bodies arrive already sanitized by the server; everything else is escaped here.
 */

/** @typedef {{ id: number, author: string, email: string | null, role: string, at: string, body: string }} Message */
/** @typedef {{ id: number, number: number, subject: string, status: string, priority: string,
 *   requester: { name: string, email: string }, assignee: string | null, tags: string[],
 *   createdAt: string, updatedAt: string, messages: Message[],
 *   nav: { prev: number | null, next: number | null } }} TicketView */

export const STATUSES = [
  ['new', 'New'], ['open', 'Open'], ['pending', 'Pending'], ['on-hold', 'On hold'], ['solved', 'Solved'], ['closed', 'Closed'],
];
const ROLE_LABEL = /** @type {Record<string, string>} */ ({ customer: 'Customer', agent: 'Agent', internal: 'Internal note' });
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export const escapeHtml = (/** @type {unknown} */ s) =>
  String(s ?? '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** "18 Mar 2025, 07:21", in UTC so server and browser agree. */
export function formatTime(/** @type {string} */ iso) {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

export const timeHtml = (/** @type {string} */ iso, cls = '') =>
  `<time${cls ? ` class="${cls}"` : ''} datetime="${escapeHtml(iso)}" title="${escapeHtml(iso)}">${escapeHtml(formatTime(iso))} UTC</time>`;

export const statusLabel = (/** @type {string} */ status) => STATUSES.find(([s]) => s === status)?.[1] ?? status;

export const statusBadge = (/** @type {string} */ status, cls = '') =>
  `<span class="hd-badge hd-badge--${escapeHtml(status)}${cls ? ` ${cls}` : ''}" data-status="${escapeHtml(status)}">${escapeHtml(statusLabel(status))}</span>`;

export function avatar(/** @type {string} */ name, extra = '') {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('');
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) % 997;
  return `<span class="hd-avatar hd-avatar--${hash % 6}${extra ? ` ${extra}` : ''}" aria-hidden="true">${escapeHtml(initials)}</span>`;
}

export const messageCount = (/** @type {number} */ n) => `${n} ${n === 1 ? 'message' : 'messages'}`;

export const ticketTitle = (/** @type {{ number: number, subject: string }} */ t) =>
  `#${t.number} ${t.subject} · Northwind Support`;

export function messageHtml(/** @type {Message} */ m) {
  const role = ROLE_LABEL[m.role] ? m.role : 'system';
  return `<article class="hd-message" data-role="${role}" data-message-id="${escapeHtml(m.id)}">
  ${avatar(m.author)}
  <div class="hd-message-main">
    <header class="hd-message-header">
      <span class="hd-message-author">${escapeHtml(m.author)}</span>
      <span class="hd-role-tag">${escapeHtml(ROLE_LABEL[role] ?? 'System')}</span>
      ${m.email ? `<span class="hd-message-email">${escapeHtml(m.email)}</span>` : ''}
      ${timeHtml(m.at, 'hd-message-time')}
    </header>
    <div class="hd-message-body">${m.body}</div>
  </div>
</article>`;
}

const navLink = (/** @type {'prev' | 'next'} */ dir, /** @type {number | null} */ id) => {
  const label = dir === 'prev' ? '‹ Previous' : 'Next ›';
  return id === null
    ? `<span class="hd-pager-link is-disabled" aria-disabled="true">${label}</span>`
    : `<a class="hd-pager-link" data-ticket-nav="${dir}" href="/tickets/${id}">${label}</a>`;
};

function replyBox(/** @type {TicketView} */ t) {
  const options = STATUSES.map(([value, label]) =>
    `<option value="${value}"${value === t.status ? ' selected' : ''}>${label}</option>`).join('');
  return `<section class="hd-reply" aria-label="Reply">
  <div class="hd-reply-head">
    <span class="hd-reply-tab">Public reply</span>
    <span class="hd-reply-to">To: ${escapeHtml(t.requester.name)} &lt;${escapeHtml(t.requester.email)}&gt;</span>
  </div>
  <div class="hd-toolbar" role="toolbar" aria-label="Formatting">
    <button type="button" class="hd-tool" data-editor-command="bold" title="Bold"><b>B</b></button>
    <button type="button" class="hd-tool" data-editor-command="italic" title="Italic"><i>I</i></button>
    <button type="button" class="hd-tool" data-editor-command="insertUnorderedList" title="Bulleted list">• List</button>
  </div>
  <div class="hd-editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Reply to the customer" data-placeholder="Write your reply to ${escapeHtml(t.requester.name)}…"></div>
  <textarea name="body" class="hd-editor-mirror" hidden></textarea>
  <footer class="hd-reply-footer">
    <p class="hd-reply-error" role="alert" hidden></p>
    <label class="hd-submit-as">Submit as <select name="status" class="hd-status-select">${options}</select></label>
    <button type="button" class="hd-send">Send reply</button>
  </footer>
</section>`;
}

/** Internal notes: agents see them, the customer does not. */
function noteBox(/** @type {TicketView} */ t) {
  return `<section class="hd-note" aria-label="Internal note">
  <div class="hd-reply-head"><span class="hd-reply-tab">Internal note</span><span class="hd-reply-to">Only agents see notes</span></div>
  <div class="hd-editor" contenteditable="true" role="textbox" aria-multiline="true" aria-label="Internal note" data-placeholder="Add a note for your team about #${t.number}…"></div>
  <textarea name="note" class="hd-editor-mirror" hidden></textarea>
  <footer class="hd-reply-footer">
    <p class="hd-reply-error" role="alert" hidden></p>
    <button type="button" class="hd-add-note">Add note</button>
  </footer>
</section>`;
}

function sidebar(/** @type {TicketView} */ t) {
  const row = (/** @type {string} */ label, /** @type {string} */ value, prop = '') =>
    `<dt>${label}</dt><dd${prop ? ` data-prop="${prop}"` : ''}>${value}</dd>`;
  const tags = t.tags.map((tag) => `<span class="hd-tag">${escapeHtml(tag)}</span>`).join(' ') || '—';
  return `<aside class="hd-side">
  <section class="hd-card">
    <h2 class="hd-card-title">Requester</h2>
    <div class="hd-person">${avatar(t.requester.name, 'hd-avatar--lg')}
      <div><div class="hd-person-name">${escapeHtml(t.requester.name)}</div>
      <div class="hd-person-email">${escapeHtml(t.requester.email)}</div></div></div>
  </section>
  <section class="hd-card">
    <h2 class="hd-card-title">Ticket details</h2>
    <dl class="hd-props">
      ${row('Status', statusBadge(t.status), 'status')}
      ${row('Priority', `<span class="hd-priority hd-priority--${escapeHtml(t.priority)}">${escapeHtml(t.priority)}</span>`)}
      ${row('Assignee', escapeHtml(t.assignee ?? 'Unassigned'))}
      ${row('Tags', tags)}
      ${row('Created', timeHtml(t.createdAt))}
      ${row('Updated', timeHtml(t.updatedAt), 'updated')}
    </dl>
  </section>
</aside>`;
}

/** The content of <main> on a ticket page. */
export function ticketMain(/** @type {TicketView} */ t) {
  return `<div class="hd-ticket" data-ticket-id="${t.id}" data-ticket-number="${t.number}">
  <header class="hd-ticket-header">
    <div class="hd-ticket-headline">
      <nav class="hd-crumbs" aria-label="Breadcrumb"><a href="/tickets">Tickets</a> <span aria-hidden="true">/</span> <span class="hd-ticket-number">#${t.number}</span></nav>
      <h1 class="hd-ticket-subject">${escapeHtml(t.subject)}</h1>
      <div class="hd-ticket-meta">
        ${statusBadge(t.status, 'hd-ticket-status')}
        <span class="hd-requester"><span class="hd-requester-name">${escapeHtml(t.requester.name)}</span>
          <a class="hd-requester-email" href="mailto:${escapeHtml(t.requester.email)}">${escapeHtml(t.requester.email)}</a></span>
        <span class="hd-meta-sep" aria-hidden="true">·</span>
        <span class="hd-message-count">${messageCount(t.messages.length)}</span>
      </div>
    </div>
    <nav class="hd-pager" aria-label="Tickets">${navLink('prev', t.nav.prev)}${navLink('next', t.nav.next)}</nav>
  </header>
  <div class="hd-ticket-layout">
    <div class="hd-conversation">
      <div class="hd-thread" aria-label="Conversation">
${t.messages.map(messageHtml).join('\n')}
      </div>
${replyBox(t)}
${noteBox(t)}
    </div>
${sidebar(t)}
  </div>
</div>`;
}
