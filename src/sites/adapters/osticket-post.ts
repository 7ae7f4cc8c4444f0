import type { ToolResult } from '../../core';
import { failed, remaining, textOf } from '../adapter-helpers';
import { comparableText, htmlToText } from '../dom/text-compare';
import { editorNodes, fillEditor, waitFor } from '../dom/editor';
import { SELECTORS, entryIds, findNewEntry, ticketUrl } from './osticket-page';

/**
 * Posting through osTicket's own forms. Its reply and note forms are plain POSTs that load a
 * new page, which would end this content script before it could see the result. So the form
 * is posted exactly as the page posts it (its own editor, its own button and submit handlers,
 * the browser's own form submission) with one change: its `target` is a hidden, script-less
 * same-origin frame. The page the POST leads to loads there, where the thread can be read;
 * then the tab is taken to the ticket, as osTicket itself would have done.
 */
export interface ThreadForm {
  /** The class of the entry a post of this form adds to the thread. */
  kind: 'response' | 'note';
  form: HTMLFormElement;
  editor: HTMLElement;
  mirror: HTMLTextAreaElement;
  submit: HTMLInputElement;
}

export function threadForm(doc: Document, kind: ThreadForm['kind']): ThreadForm | null {
  const [form, editor, mirror, submit] = (
    kind === 'response'
      ? [SELECTORS.replyForm, SELECTORS.replyEditor, SELECTORS.replyMirror, SELECTORS.replySubmit]
      : [SELECTORS.noteForm, SELECTORS.noteEditor, SELECTORS.noteMirror, SELECTORS.noteSubmit]
  ).map((s) => doc.querySelector(s));
  if (!form || !editor || !mirror || !submit) return null;
  return { kind, form: form as HTMLFormElement, editor: editor as HTMLElement, mirror: mirror as HTMLTextAreaElement, submit: submit as HTMLInputElement };
}

/**
 * osTicket decodes entities in what is posted, more than once, and then reads tags in it
 * (Format::safe_html in 1.18), so "Name <addr@example.com>", "<b>" or a typed "&lt;" would be
 * dropped or turned into formatting. A <wbr> (no character, no space) right after each "<" or
 * "&" that could start a tag or an entity keeps them text: measured on osTicket 1.18.1, the
 * thread, the database and both parts of the email then hold exactly the text confirmed.
 */
const MARKUP_BREAK = /(?<=[<&])(?=[^\s<&])/;

/** The editor's nodes for `text`, with a <wbr> wherever osTicket would see markup. */
export function osticketNodes(doc: Document, text: string): Node[] {
  return editorNodes(doc, text).flatMap((node) =>
    node.nodeType === 3
      ? (node.nodeValue ?? '').split(MARKUP_BREAK).flatMap((piece, i) => [...(i ? [doc.createElement('wbr')] : []), doc.createTextNode(piece)])
      : [node],
  );
}

/** Redactor mirrors 200 ms after a change. */
const MIRROR_TIMEOUT_MS = 2_000;
/** Within the catalogue's 20 s for reply.send and note.add, leaving room to answer. */
const BUDGET_MS = 17_000;
/** Kept for loading the ticket page when the POST led elsewhere (the queue). */
const VERIFY_RESERVE_MS = 4_000;
/** Lets the answer leave the page before the tab loads the ticket. */
export const RELOAD_DELAY_MS = 500;

type Landing = { doc: Document | null } | null;

/** Fills the form's editor with `body`, posts it once, and reports only what the thread shows. */
export async function postThroughFrame(doc: Document, location: Location, key: string, f: ThreadForm, body: string): Promise<ToolResult> {
  const deadline = Date.now() + BUDGET_MS;
  const expected = comparableText(body);
  const matches = (text: string) => comparableText(text) === expected;
  const what = f.kind === 'response' ? 'reply' : 'note';

  const before = entryIds(doc);
  fillEditor(f.editor, body, osticketNodes(doc, body));
  // Posted before the mirror caught up, the form would carry an empty body.
  const mirrored = await waitFor(() => matches(htmlToText(f.mirror.value, doc)), { root: f.editor, timeoutMs: MIRROR_TIMEOUT_MS });
  if (!mirrored) return failed('delivery_failed', `The page's editor did not take the ${what}; nothing was sent.`);

  const win = doc.defaultView ?? window;
  const frame = openFrame(doc);
  const seen: { submit: Event | null } = { submit: null };
  const onSubmit = (e: Event) => void (e.target === f.form && (seen.submit = e));
  win.addEventListener('submit', onSubmit);
  const target = f.form.getAttribute('target');
  f.form.setAttribute('target', frame.name);
  let landing: Landing;
  try {
    const loaded = nextLoad(frame, remaining(deadline - VERIFY_RESERVE_MS, 1_000));
    f.submit.click(); // The one and only click: whatever happens next, never click again.
    landing = await loaded;
  } finally {
    win.removeEventListener('submit', onSubmit);
    if (target === null) f.form.removeAttribute('target');
    else f.form.setAttribute('target', target);
  }
  const submitted = landing !== null || (seen.submit !== null && !seen.submit.defaultPrevented);
  try {
    if (!landing) return noLanding(seen.submit, what, deadline);
    const error = landing.doc && errorOf(landing.doc, f);
    if (error) return failed('delivery_failed', `osTicket refused the ${what}: ${error}`);
    if (landing.doc && findNewEntry(landing.doc, f.kind, before, matches)) return { ok: true, data: { posted: true } };
    // The POST led elsewhere (the queue, when the ticket was closed): read the ticket itself.
    const url = ticketUrl(key, location.href);
    // A late load of the page the post landed on is not the ticket's: only a new document counts.
    const ticketPage = nextLoad(frame, remaining(deadline, 1_000), landing.doc);
    frame.src = url;
    await ticketPage;
    // A load may still come before the page is whole: the thread is read until it shows the
    // entry, within the budget.
    const shown = await waitFor(
      () => {
        const page = frame.contentDocument;
        return page !== null && page !== landing.doc && page.URL !== 'about:blank' && findNewEntry(page, f.kind, before, matches);
      },
      { root: frame, timeoutMs: remaining(deadline, 1_000) },
    );
    if (shown) return { ok: true, data: { posted: true } };
    return failed('outcome_unknown', `osTicket took the form, but the ${what} does not show in the thread. It may or may not have been posted: check the ticket before trying again.`);
  } finally {
    frame.remove();
    // The page's own submit handler has put up its overlay: show the ticket as it now is.
    if (submitted) setTimeout(() => win.location.assign(ticketUrl(key, location.href)), RELOAD_DELAY_MS);
  }
}

function noLanding(submitEvent: Event | null, what: string, deadline: number): ToolResult {
  const seconds = Math.round((BUDGET_MS - remaining(deadline)) / 1000);
  if (submitEvent === null) {
    return failed('delivery_failed', `The page did not submit the ${what} within ${seconds} s (it may be waiting for a ticket lock). Check the ticket before trying again.`);
  }
  if (submitEvent.defaultPrevented) return failed('delivery_failed', `The page stopped the ${what} form from being submitted, so it did not post it.`);
  return failed('outcome_unknown', `No answer from osTicket within ${seconds} s. The ${what} may or may not have been posted: check the ticket before trying again.`);
}

/** osTicket answers a refused post with the ticket page again, an error on top and by the field. */
function errorOf(doc: Document, f: ThreadForm): string {
  const top = textOf(doc, '#msg_error');
  if (!top) return '';
  const field = [...doc.querySelectorAll(`form#${f.form.id} .error`)].map((e) => e.textContent?.trim() ?? '').find((t) => t !== '' && t !== '*');
  return [top, field].filter(Boolean).join(' ');
}

/** No scripts run in it: the response page cannot take locks, save drafts or navigate the tab. */
function openFrame(doc: Document): HTMLIFrameElement {
  const frame = doc.createElement('iframe');
  frame.name = `deskmate-post-${Math.random().toString(36).slice(2)}`;
  frame.setAttribute('sandbox', 'allow-same-origin');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.display = 'none';
  doc.body.append(frame);
  return frame;
}

/** The frame's next page, with its document (null when the browser does not let it be read), or null on timeout. */
function nextLoad(frame: HTMLIFrameElement, timeoutMs: number, stale: Document | null = null): Promise<Landing> {
  return new Promise((resolve) => {
    const onLoad = () => {
      let doc: Document | null = null;
      try {
        doc = frame.contentDocument;
      } catch {
        doc = null;
      }
      // The frame's initial about:blank may fire a load of its own (Firefox): not a response.
      if (doc && doc.URL === 'about:blank' && !doc.body?.firstElementChild) return;
      if (doc && doc === stale) return;
      finish({ doc });
    };
    const finish = (landing: Landing) => {
      clearTimeout(timer);
      frame.removeEventListener('load', onLoad);
      resolve(landing);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    frame.addEventListener('load', onLoad);
  });
}
