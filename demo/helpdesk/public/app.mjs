// @ts-check
/**
 * The agent UI's behaviour: a tiny rich editor that mirrors its HTML into a hidden textarea
 * (as Summernote and Redactor do), Send reply and Add note over fetch, and Previous/Next ticket switching
 * with history.pushState. Listeners are delegated from the document, so they survive the
 * content swaps of single-page navigation.
 */
import { messageCount, messageHtml, statusBadge, ticketMain, ticketTitle, timeHtml } from './views.mjs';

const $ = (/** @type {string} */ selector, root = document) => /** @type {HTMLElement | null} */ (root.querySelector(selector));

/** The reply box and the note box: each mirrors its editor into its own hidden field. */
const BOXES = { reply: { section: '.hd-reply', field: 'body', button: 'Send reply', busy: 'Sending…', path: 'replies' },
  note: { section: '.hd-note', field: 'note', button: 'Add note', busy: 'Adding…', path: 'notes' } };
/** @typedef {keyof typeof BOXES} Box */

function mirror(/** @type {Box} */ box = 'reply') {
  const { section, field } = BOXES[box];
  const editor = $(`${section} .hd-editor`);
  const textarea = /** @type {HTMLTextAreaElement | null} */ ($(`${section} textarea[name="${field}"]`));
  if (editor && textarea) textarea.value = editor.innerHTML;
}

function showError(/** @type {string} */ text, /** @type {Box} */ box = 'reply') {
  const el = $(`${BOXES[box].section} .hd-reply-error`);
  if (!el) return;
  el.textContent = text;
  el.hidden = text === '';
}

async function post(/** @type {HTMLButtonElement} */ button, /** @type {Box} */ box) {
  const { section, field, button: label, busy, path } = BOXES[box];
  const root = $('.hd-ticket');
  const textarea = /** @type {HTMLTextAreaElement | null} */ ($(`${section} textarea[name="${field}"]`));
  const select = /** @type {HTMLSelectElement | null} */ ($('.hd-reply select[name="status"]'));
  if (!root || !textarea || button.disabled) return;
  const ticketId = root.dataset.ticketId;
  button.disabled = true;
  button.textContent = busy;
  showError('', box);
  try {
    const response = await fetch(`/api/tickets/${ticketId}/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(box === 'reply' ? { body: textarea.value, status: select?.value } : { body: textarea.value }),
    });
    const result = await response.json().catch(() => ({}));
    // The agent may have switched ticket while the request ran; leave that page alone.
    if ($('.hd-ticket')?.dataset.ticketId !== ticketId) return;
    if (!response.ok) return showError(result.error ?? `Sending failed (HTTP ${response.status}).`, box);
    $('.hd-thread')?.insertAdjacentHTML('beforeend', messageHtml(result.message));
    const editor = $(`${section} .hd-editor`);
    if (editor) editor.innerHTML = '';
    textarea.value = '';
    updateTicket(result.ticket);
  } catch {
    showError('Could not reach the server. Check your connection and try again.', box);
  } finally {
    button.disabled = false;
    button.textContent = label;
  }
}

function updateTicket(/** @type {{ status: string, updatedAt: string, messageCount: number }} */ t) {
  $('.hd-ticket-status')?.insertAdjacentHTML('afterend', statusBadge(t.status, 'hd-ticket-status'));
  $('.hd-ticket-status')?.remove();
  const status = $('[data-prop="status"]');
  if (status) status.innerHTML = statusBadge(t.status);
  const updated = $('[data-prop="updated"]');
  if (updated) updated.innerHTML = timeHtml(t.updatedAt);
  const count = $('.hd-message-count');
  if (count) count.textContent = messageCount(t.messageCount);
}

async function showTicket(/** @type {string} */ id, push = true) {
  const main = $('#hd-main');
  if (!main) return;
  main.setAttribute('aria-busy', 'true');
  try {
    const response = await fetch(`/api/tickets/${id}`);
    if (!response.ok) throw new Error(String(response.status));
    const ticket = await response.json();
    if (push) history.pushState({ ticketId: id }, '', `/tickets/${id}`);
    main.innerHTML = ticketMain(ticket);
    document.title = ticketTitle(ticket);
    window.scrollTo(0, 0);
  } catch {
    location.assign(`/tickets/${id}`);
  } finally {
    main.removeAttribute('aria-busy');
  }
}

document.addEventListener('click', (event) => {
  const target = /** @type {Element} */ (event.target);
  const tool = target.closest?.('[data-editor-command]');
  if (tool) {
    event.preventDefault();
    $('.hd-reply .hd-editor')?.focus();
    document.execCommand(tool.getAttribute('data-editor-command') ?? '', false);
    return mirror();
  }
  const send = target.closest?.('.hd-reply .hd-send');
  if (send) return void post(/** @type {HTMLButtonElement} */ (send), 'reply');
  const note = target.closest?.('.hd-note .hd-add-note');
  if (note) return void post(/** @type {HTMLButtonElement} */ (note), 'note');
  const nav = /** @type {HTMLAnchorElement | null} */ (target.closest?.('a[data-ticket-nav]'));
  const id = nav?.pathname.match(/^\/tickets\/(\d+)$/)?.[1];
  if (nav && id && !(event instanceof MouseEvent && (event.ctrlKey || event.metaKey || event.shiftKey))) {
    event.preventDefault();
    void showTicket(id);
  }
});

document.addEventListener('input', (event) => {
  const target = /** @type {Element} */ (event.target);
  /** @type {Box | null} */
  const box = target.closest?.('.hd-reply .hd-editor') ? 'reply' : target.closest?.('.hd-note .hd-editor') ? 'note' : null;
  if (!box) return;
  mirror(box);
  showError('', box);
});

window.addEventListener('popstate', () => {
  const id = location.pathname.match(/^\/tickets\/(\d+)$/)?.[1];
  if (id && $('.hd-ticket')?.dataset.ticketId !== id) void showTicket(id, false);
});
