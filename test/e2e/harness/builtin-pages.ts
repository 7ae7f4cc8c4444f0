/**
 * Pages of our own making in the shape the built-in recipes (src/sites/adapters/<id>.json) expect of
 * Zammad, Zendesk's agent workspace, Freshdesk and Help Scout: the DOM each recipe relies on,
 * their kind of reply editor, and a posting control that posts once (POST /__fixture/post) and
 * then shows the reply in the thread. They are not copies of those products' pages.
 */

export type Role = 'customer' | 'agent' | 'internal';
export interface BuiltinTicket {
  id: number;
  number: string;
  subject: string;
  requester: { name: string; email: string };
  messages: { author: string; role: Role; time: string; body: string }[];
}
export type Helpdesk = 'zammad' | 'zendesk' | 'freshdesk' | 'helpscout';

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const lines = (text: string) => esc(text).replace(/\n/g, '<br>');
const page = (title: string, body: string, script: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>${body}<script>${COMMON}${script}</script></body></html>`;

/** Posts once, then takes the thread (`selector`) from the page as the server now renders it. */
const COMMON = `
window.fixturePost = async (helpdesk, ticketId, body, plain) => {
  const r = await fetch('/__fixture/post', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ helpdesk, ticketId, body, plain }) });
  if (!r.ok) throw new Error(await r.text());
};
window.fixtureRefresh = async (selector) => {
  const html = await (await fetch(location.pathname + location.search)).text();
  const fresh = new DOMParser().parseFromString(html, 'text/html');
  document.querySelectorAll(selector).forEach((el, i) => { el.innerHTML = fresh.querySelectorAll(selector)[i].innerHTML; });
};
`;

// ---- Zammad: hash routes, one .content per open task (the active one shown), a contenteditable reply box read at submit.

const zammadArticle = (m: BuiltinTicket['messages'][number], i: number) => {
  const sender = m.role === 'internal' ? 'agent' : m.role;
  return (
    `<div class="ticket-article-item ${sender}${m.role === 'internal' ? ' is-internal' : ''}" data-id="${i + 1}" id="article-${i + 1}">` +
    `<div class="article-meta-clip top"><div class="article-content-meta top hide"><div class="article-meta top"><div class="horizontal article-meta-row"><div class="article-meta-key">From</div><div class="article-meta-value">${esc(m.author)}</div></div></div></div></div>` +
    `<div class="article-content"><div class="js-avatar"></div><div class="bubble-gap"><div class="internal-border"><div class="textBubble"><div class="textBubble-content"><div class="richtext-content">${lines(m.body)}</div></div></div></div></div></div>` +
    `<a href="#ticket/zoom/0/${i + 1}"><small class="task-subline">${m.time}</small></a></div>`
  );
};

const zammadTask = (t: BuiltinTicket, active: boolean) =>
  `<div class="content flex horizontal${active ? ' active' : ''}" id="content_permanent_TicketZoom${t.id}" data-ticket="${t.id}"${active ? '' : ' style="display:none"'}><div class="tabsSidebar-holder">` +
  `<div class="scrollPageHeader"><small class="ticket-number-copy-header">Ticket#<span class="ticket-number">${t.number}</span></small></div>` +
  `<div class="main"><div class="ticketZoom"><div class="ticketZoom-header"><div class="js-ticketTitleContainer ticket-title"><h1><span contenteditable="true" class="ticket-title-update">${esc(t.subject)}</span></h1></div></div>` +
  `<div class="ticket-article">${t.messages.map(zammadArticle).join('')}</div>` +
  `<div class="article-new"><form class="article-add is-public"><div class="textBubble"><div class="js-textarea articleNewEdit-body" contenteditable="true" data-name="body"></div></div></form></div></div></div>` +
  `<div class="tabsSidebar"><div class="sidebar" data-tab="customer"><div class="sidebar-block"><h3 title="Name">${esc(t.requester.name)}</h3></div><div class="sidebar-block"><label>Email</label><a href="mailto:${esc(t.requester.email)}" target="_blank">${esc(t.requester.email)}</a></div></div></div>` +
  `<div class="attributeBar"><div class="attributeBar-inner js-attributeBar"><div class="btn btn--primary js-submit">Update</div></div></div></div></div>`;

export function zammadPage(tickets: BuiltinTicket[]): string {
  return page(
    'Zammad',
    `<div id="app"><div id="content">${tickets.map((t, i) => zammadTask(t, i === tickets.length - 1)).join('')}</div></div>`,
    `
const show = () => {
  const id = (/^#ticket\\/zoom\\/(\\d+)/.exec(location.hash) || [])[1];
  document.querySelectorAll('#content > .content').forEach((c) => { const on = c.dataset.ticket === id; c.classList.toggle('active', on); c.style.display = on ? '' : 'none'; });
};
window.addEventListener('hashchange', show);
show();
document.addEventListener('click', async (e) => {
  const submit = e.target.closest('.js-submit');
  if (!submit || submit.classList.contains('is-disabled')) return;
  const task = submit.closest('.content');
  const box = task.querySelector('.articleNewEdit-body');
  submit.classList.add('is-disabled');
  await fixturePost('zammad', Number(task.dataset.ticket), box.innerHTML, false);
  box.innerHTML = '';
  await fixtureRefresh('.ticket-article');
  submit.classList.remove('is-disabled');
});`,
  );
}

// ---- Zendesk agent workspace: every open ticket's panel in the page at once, a CKEditor 5 kind of composer.

const zendeskItem = (m: BuiltinTicket['messages'][number]) =>
  `<article data-test-id="omni-log-comment-item"><div data-test-id="omni-log-item-sender">${esc(m.author)}</div><time data-test-id="timestamp-relative" datetime="${m.time}">${m.time}</time>` +
  (m.role === 'internal' ? '<div data-test-id="omni-log-internal-note-tag">Internal note</div>' : '') +
  `<div data-test-id="omni-log-item-message" type="${m.role === 'customer' ? 'end-user' : m.role}"><div data-test-id="omni-log-message-content">${lines(m.body)}</div></div></article>`;

const zendeskPanel = (t: BuiltinTicket, active: boolean) =>
  `<div class="workspace" data-ticket-id="${t.id}"${active ? '' : ' style="display:none"'}><header><input data-test-id="omni-header-subject" value="${esc(t.subject)}"></header>` +
  `<aside><span data-test-id="ticket-requester-name">${esc(t.requester.name)}</span> <span data-test-id="ticket-requester-email">${esc(t.requester.email)}</span></aside>` +
  `<div data-test-id="omni-log-container">${t.messages.map(zendeskItem).join('')}</div>` +
  `<div class="ck ck-editor"><div data-test-id="omnicomposer-rich-text-ckeditor" class="ck ck-content ck-editor__editable" contenteditable="true" role="textbox"><p><br data-cke-filler="true"></p></div></div>` +
  `<button type="button" data-test-id="submit_button-button">Submit as Open</button></div>`;

export function zendeskPage(tickets: BuiltinTicket[], activeId: number): string {
  return page(
    'Zendesk',
    `<div id="main">${tickets.map((t) => zendeskPanel(t, t.id === activeId)).join('')}</div>`,
    `
// CKEditor 5 keeps the text in its own model: it takes the browser's edits (trusted input
// events) and renders the model again over anything set behind its back.
const models = new Map();
const render = (el) => { const text = models.get(el) || ''; el.replaceChildren(...text.split('\\n').map((line) => { const p = document.createElement('p'); if (line) p.textContent = line; else p.append(document.createElement('br')); return p; })); };
window.fixtureEditorValue = (id) => models.get(document.querySelector('[data-ticket-id="' + id + '"] [data-test-id="omnicomposer-rich-text-ckeditor"]')) || '';
document.addEventListener('input', (e) => {
  const el = e.target.closest && e.target.closest('[data-test-id="omnicomposer-rich-text-ckeditor"]');
  if (!el) return;
  if (!e.isTrusted) return render(el);
  models.set(el, el.innerText.replace(/\\n$/, ''));
});
document.addEventListener('click', async (e) => {
  const button = e.target.closest('[data-test-id="submit_button-button"]');
  if (!button || button.disabled) return;
  const panel = button.closest('[data-ticket-id]');
  const el = panel.querySelector('[data-test-id="omnicomposer-rich-text-ckeditor"]');
  button.disabled = true;
  await fixturePost('zendesk', Number(panel.dataset.ticketId), models.get(el) || '', true);
  models.set(el, ''); render(el);
  await fixtureRefresh('[data-test-id="omni-log-container"]');
  button.disabled = false;
});`,
  );
}

// ---- Freshdesk: server-rendered conversation; Reply starts a Froala editor mirrored into its textarea.

const freshdeskItem = (m: BuiltinTicket['messages'][number], i: number) =>
  `<div class="ticket-details__item${m.role === 'internal' ? ' ticket-details__privatenote' : ''}" data-test-id="${i === 0 ? 'ticket-description' : 'conversation-wrapper'}">` +
  `<span data-test-id="user-name"${m.role === 'customer' ? '' : ' data-test-is-agent="true"'}><b>${esc(m.author)}</b></span> <span data-test-id="time-info" aria-label="${m.time}">${m.time}</span>` +
  `<div data-test-conversation="conversation-text"><div class="ticket_note">${lines(m.body)}</div></div></div>`;

export function freshdeskPage(t: BuiltinTicket): string {
  return page(
    'Freshdesk',
    `<div class="ticket-details-wrapper"><h2 data-test-id="ticket-subject">${esc(t.subject)}</h2><div class="requester"><span data-test-id="requester-name">${esc(t.requester.name)}</span> <span data-test-id="requester-email">${esc(t.requester.email)}</span></div>` +
      `<div class="tickets-conversation-pane">${t.messages.map(freshdeskItem).join('')}</div>` +
      `<button type="button" aria-label="Reply">Reply</button><div id="reply-area"></div></div>`,
    `
document.querySelector('button[aria-label="Reply"]').addEventListener('click', () => {
  const area = document.getElementById('reply-area');
  if (area.firstChild) return;
  area.innerHTML = '<div class="fr-box"><div class="fr-wrapper"><div class="fr-element fr-view" contenteditable="true"></div></div><textarea name="body" style="display:none"></textarea></div><button type="button" aria-label="Send">Send</button>';
  const editor = area.querySelector('.fr-element');
  // Froala copies its HTML into the original textarea a while after the content changes; Send
  // posts the textarea, so a click before the copy would post what it held before.
  let copy;
  new MutationObserver(() => { clearTimeout(copy); copy = setTimeout(() => { area.querySelector('textarea').value = editor.innerHTML; }, 400); })
    .observe(editor, { childList: true, subtree: true, characterData: true });
  area.querySelector('button[aria-label="Send"]').addEventListener('click', async (e) => {
    e.currentTarget.disabled = true;
    await fixturePost('freshdesk', ${t.id}, area.querySelector('textarea').value, false);
    area.innerHTML = '';
    await fixtureRefresh('.tickets-conversation-pane');
  });
});`,
  );
}

// ---- Help Scout: thread items in an ordered list; Reply opens the editor.

const helpscoutItem = (m: BuiltinTicket['messages'][number], i: number) =>
  `<li><div id="thread-${100 + i}" class="${m.role === 'customer' ? 'is-customer' : m.role === 'internal' ? 'is-note' : 'is-user'}"><span data-nocollapse="true">${esc(m.author)}</span> <time datetime="${m.time}">${m.time}</time>` +
  `<section class="messageBody">${lines(m.body)}</section></div></li>`;

export function helpscoutPage(t: BuiltinTicket): string {
  return page(
    'Help Scout',
    `<div id="convo-main"><h1 data-cy="conversation-subject">${esc(t.subject)}</h1><span data-cy="conversation-number">#${t.number}</span>` +
      `<div class="c-conversation-sidebar"><span data-cy="customer-name">${esc(t.requester.name)}</span> <a data-cy="customer-email" href="mailto:${esc(t.requester.email)}">${esc(t.requester.email)}</a></div>` +
      `<button type="button" data-cy="reply-button">Reply</button><div data-cy="ConvoEditor" hidden><div contenteditable="true" role="textbox" aria-label="Reply Editor"></div><button type="button" aria-label="Send">Send</button></div>` +
      `<ol aria-label="Thread Items">${t.messages.map(helpscoutItem).reverse().join('')}</ol></div>`,
    `
const box = document.querySelector('[data-cy="ConvoEditor"]');
document.querySelector('[data-cy="reply-button"]').addEventListener('click', () => { box.hidden = false; });
box.querySelector('button').addEventListener('click', async () => {
  const editor = box.querySelector('[contenteditable]');
  const button = box.querySelector('button');
  button.disabled = true;
  await fixturePost('helpscout', ${t.id}, editor.innerHTML, false);
  editor.innerHTML = ''; box.hidden = true; button.disabled = false;
  await fixtureRefresh('ol[aria-label="Thread Items"]');
});`,
  );
}

/** One entry of a helpdesk's thread as its page renders it (`index`: its place in the thread). */
export function builtinThreadItem(helpdesk: Helpdesk, message: BuiltinTicket['messages'][number], index: number): string {
  if (helpdesk === 'zammad') return zammadArticle(message, index);
  if (helpdesk === 'zendesk') return zendeskItem(message);
  if (helpdesk === 'freshdesk') return freshdeskItem(message, index);
  return helpscoutItem(message, index);
}
