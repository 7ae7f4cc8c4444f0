import { sameTicket } from '../../shared/ticket';
import type { ToolResult } from '../../core';
import type { DeliveryReport, PageTicket, ReplyPayload } from '../adapter';
import { failed, idNumber, textOf } from '../adapter-helpers';
import { clearDelivery, markDelivery, takeDelivery } from '../dom/delivery-marker';
import { comparableText, htmlToText } from '../dom/text-compare';
import { fillEditor, waitFor } from '../dom/editor';
import { SELECTORS, findPost, newestThreadId, shownTicket } from './freescout-page';
import { freescoutEffects } from './freescout-effects';
import { effectsInWords, sameEffects } from '../../shared/post-effects';
import { boxChanged, boxText } from '../dom/box-text';

/**
 * Posting through FreeScout's own editor. Its Send button posts over AJAX and then always loads
 * a page: the next conversation by default, this one with "after send" = stay (1), which is
 * what deliver sets so the thread can be checked. That page load ends this content script, so
 * deliver leaves a marker (delivery-marker.ts) and the next page reports (reportDelivery).
 */
const AFTER_SEND_STAY = '1';
/** Summernote mirrors 100 ms after an input event. */
const MIRROR_TIMEOUT_MS = 2_000;
const OPEN_TIMEOUT_MS = 2_000;
/** Within the catalogue's 20 s, leaving room to answer. */
const POSTED_TIMEOUT_MS = 15_000;

export type Mode = 'reply' | 'note';

interface EditorParts {
  editor: HTMLElement;
  mirror: HTMLTextAreaElement;
  afterSend: HTMLInputElement | null;
  button: HTMLButtonElement;
  draft: HTMLInputElement | null;
}

const isNoteForm = (doc: Document) => doc.querySelector<HTMLInputElement>(SELECTORS.isNote)?.value === '1';

/** Opens the editor for `mode` with the page's own button; a string says why it cannot. */
export async function openEditor(doc: Document, mode: Mode): Promise<EditorParts | string> {
  const block = doc.querySelector(SELECTORS.replyBlock);
  if (!block) return `This conversation has no ${mode} editor.`;
  if (block.classList.contains('hidden')) {
    doc.querySelector<HTMLElement>(mode === 'reply' ? SELECTORS.replyOpen : SELECTORS.noteOpen)?.click();
    await waitFor(() => !block.classList.contains('hidden'), { root: block, timeoutMs: OPEN_TIMEOUT_MS });
    if (block.classList.contains('hidden')) return `The page did not open its ${mode} editor.`;
  }
  // One form serves replies, notes and forwards; switching would put a draft in the wrong place.
  if (block.classList.contains('conv-forward-block') || isNoteForm(doc) !== (mode === 'note')) {
    return `The page's editor is open for ${isNoteForm(doc) ? 'a note' : 'a reply or forward'}; close it first.`;
  }
  const editor = doc.querySelector<HTMLElement>(SELECTORS.editor);
  const mirror = doc.querySelector<HTMLTextAreaElement>(SELECTORS.mirror);
  const button = doc.querySelector<HTMLButtonElement>(mode === 'reply' ? SELECTORS.send : SELECTORS.addNote);
  if (!editor || !mirror || !button) return `The page's ${mode} editor is not complete.`;
  const afterSend = doc.querySelector<HTMLInputElement>(SELECTORS.afterSend);
  return { editor, mirror, afterSend, button, draft: doc.querySelector<HTMLInputElement>('.form-reply input[name="thread_id"]') };
}

/** Fills the open editor and waits until the form carries exactly that text. */
async function fill(doc: Document, parts: EditorParts, body: string): Promise<boolean> {
  fillEditor(parts.editor, body);
  const expected = comparableText(body);
  return (
    (await waitFor(
      () => parts.mirror.value === parts.editor.innerHTML && comparableText(htmlToText(parts.mirror.value, doc)) === expected,
      { root: parts.editor, timeoutMs: MIRROR_TIMEOUT_MS },
    )) ?? false
  );
}

/**
 * Clicks once and watches this page: an error the page shows, or the post appearing in the
 * thread (FreeScout inserts some threads live). Usually the page loads anew first, and then
 * this promise is never answered: the next page reports through reportDelivery.
 */
export async function post(doc: Document, shown: PageTicket, mode: Mode, body: string, payload: ReplyPayload | null): Promise<ToolResult> {
  const opened = await openEditor(doc, mode);
  if (typeof opened === 'string') return failed(mode === 'reply' ? 'no_reply_form' : 'no_note_form', `${opened} Nothing was sent.`);
  if (opened.button.disabled) return failed('delivery_failed', 'The page is busy sending something else; nothing was sent.');
  // The status and assignee the form posts are part of what was confirmed: changed since, nothing goes.
  const effects = freescoutEffects(doc, mode);
  if (payload && !sameEffects(effects, payload.effects ?? [])) {
    return failed(
      'scope_changed',
      `The ${mode} form on the page changed since the card was shown: posting now would ${effectsInWords(effects)}, the card said ${effectsInWords(payload.effects ?? [])}. Nothing was sent; click Send… again to see what the helpdesk will do.`,
    );
  }
  // Text typed in the editor since the card was shown is not the agent's to lose.
  const typed = payload && boxChanged(boxText(opened.editor), payload, mode);
  if (typed) return typed;
  if (opened.afterSend) opened.afterSend.value = AFTER_SEND_STAY;
  if (!(await fill(doc, opened, body))) return failed('delivery_failed', `The page's editor did not take the ${mode}; nothing was sent.`);

  const win = doc.defaultView ?? window;
  const after = newestThreadId(doc);
  const draft = idNumber(opened.draft?.value) || null;
  if (payload) markDelivery(win, { adapter: 'freescout', tool: mode === 'reply' ? 'reply.send' : 'note.add', key: shown.key, payload, after, draft, at: Date.now() });
  const alertsBefore = new Set(doc.querySelectorAll(SELECTORS.errorAlert));
  const expected = comparableText(body);
  opened.button.click(); // The one and only click: whatever happens next, never click again.

  const outcome = await waitFor<{ posted: true } | { error: string }>(
    () => {
      if (findPost(doc, mode === 'reply' ? 'message' : 'note', after, draft, (t) => comparableText(t) === expected)) return { posted: true };
      const alert = [...doc.querySelectorAll(SELECTORS.errorAlert)].find((a) => !alertsBefore.has(a));
      return alert ? { error: textOf(alert, 'div') || (alert.textContent?.trim() ?? '') } : null;
    },
    { root: doc.body, timeoutMs: POSTED_TIMEOUT_MS },
  );
  if (outcome) clearDelivery(win);
  if (outcome && 'posted' in outcome) return { ok: true, data: { posted: true } };
  if (outcome) return failed('delivery_failed', `FreeScout reported an error: ${outcome.error} Check the conversation before trying again.`);
  // The marker stays: if the page still loads, the next page can tell.
  return failed('outcome_unknown', `The ${mode} did not appear within ${POSTED_TIMEOUT_MS / 1000} s. It may or may not have been sent: check conversation ${shown.label} before trying again.`);
}

/** On the page loaded after a send: was the reply (or note) the previous page posted in this thread? */
export async function reportDelivery(doc: Document, location: Location): Promise<DeliveryReport | null> {
  const marker = takeDelivery(doc.defaultView ?? window, 'freescout');
  if (!marker) return null;
  const tool = marker.tool ?? 'reply.send';
  const what = tool === 'note.add' ? 'note' : 'reply';
  const report = (outcome: DeliveryReport['outcome'], detail: string): DeliveryReport => ({ tool, payload: marker.payload, outcome, detail });
  const shown = shownTicket(new URL(location.href), doc);
  // Site and ticket: the marker names the site it was written on, the page is on its own.
  if (!shown || !sameTicket({ site: marker.payload.site, ticket: marker.key }, { site: location.origin, ticket: shown.key })) return report('not_found', `The page loaded after sending is not conversation ${marker.payload.ticket}; check it there.`);
  const expected = comparableText(marker.payload.body);
  const found = findPost(doc, tool === 'note.add' ? 'note' : 'message', marker.after, marker.draft, (t) => comparableText(t) === expected);
  return found
    ? report('sent', `The ${what} is in conversation ${shown.label} (${found.id}).`)
    : report('not_found', `Conversation ${shown.label} does not show the ${what} after the page reloaded.`);
}
