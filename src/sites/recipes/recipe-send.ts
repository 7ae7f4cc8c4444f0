import { sameTicket } from '../../shared/ticket';
import type { ToolResult } from '../../core';
import type { DeliveryReport, ReplyPayload } from '../adapter';
import { bodyOf, failed, mailbox, remaining, replySubject } from '../adapter-helpers';
import { clearDelivery, markDelivery, takeDelivery } from '../dom/delivery-marker';
import { comparableText, htmlToText } from '../dom/text-compare';
import { frameDocument } from '../dom/editable';
import { waitFor } from '../dom/editor';
import { recipeAdapterId, type Recipe, type RecipeReply } from '../../shared/recipe-format';
import { errorShown, formInFrame, formOnPage, frameRefusal, postsElsewhere, replyPageUrl, setEditor, type ReplyForm } from './recipe-form';
import type { PostEffect } from '../../shared/post-effects';
import { readTicket, shownTicket } from './recipe-read';
import { boxChanged, boxText, withBox } from '../dom/box-text';
import { arrived, copiesIn, mostOf, noteIsReply, NOTE_IS_REPLY, wrongKind, type Kind, type Role } from './recipe-roles';

/** The recipe's editor as this page has it, read without a click (a closed box, or one on another page, reads as empty). */
function editorOnPage(form: RecipeReply, doc: Document): string {
  const el = doc.querySelector(form.editor);
  return boxText(el);
}

/**
 * `reply.send` from a recipe, with the guarantees of a code adapter: prepare reads the page and
 * sends nothing; deliver clicks the helpdesk's own control at most once and says "sent" only
 * when the reply is in the thread; a page that goes away mid-post leaves a note in the tab's
 * sessionStorage, and the page loaded next settles the outcome (afterLoad).
 */
const POSTED_TIMEOUT_MS = 15_000;
const AFTER_LOAD_TIMEOUT_MS = 5_000;
const MIRROR_TIMEOUT_MS = 2_000;
const EDITOR_START_MS = 10_000;

/** Fields of a form that set more than the thread: a helpdesk's status, owner or queue with the post. */
const STATE_FIELD = /status|state|owner|assign|queue|priority/i;

/**
 * What the card says the helpdesk may do besides posting: a recipe cannot read what a reply
 * form's status or owner fields will do, so where the form has such fields, or is on a page
 * Deskmate cannot see from here, the card says the helpdesk may change them.
 */
function effectsOf(form: RecipeReply, doc: Document): PostEffect[] {
  const editor = doc.querySelector(form.editor);
  if (!editor) return form.page ? [{ kind: 'may_change' }] : [];
  const fields = editor.closest('form')?.querySelectorAll('select[name], input[name]') ?? [];
  return [...fields].some((f) => STATE_FIELD.test(f.getAttribute('name') ?? '')) ? [{ kind: 'may_change' }] : [];
}

/**
 * The reply page to post from, when the form is on a page of its own that the helpdesk will
 * not show in a frame: Send… opens it in the tab and Confirm posts there. Null to post from
 * here (the form is on this page, or the reply page can be framed).
 */
async function postFrom(form: RecipeReply, doc: Document, location: Location, key: string): Promise<string | null> {
  if (!form.page || doc.querySelector(form.editor)) return null;
  const url = replyPageUrl(form, location.origin, key);
  if (!url || url.href === location.href || !(await frameRefusal(url))) return null;
  return url.pathname + url.search;
}

/** Whether the page has (or can open, or links to) the form: prepare clicks nothing to find out. */
const formAvailable = (form: RecipeReply, doc: Document): boolean =>
  !!form.page || doc.querySelector(form.editor) !== null || (!!form.open && doc.querySelector(form.open) !== null);

export function recipePrepare(recipe: Recipe) {
  return async (input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> => {
    const body = bodyOf(input);
    if (body === null) return failed('invalid_input', 'The reply is empty.');
    const shown = shownTicket(recipe)(new URL(location.href), doc);
    if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before sending a reply.');
    if (recipe.reply && !formAvailable(recipe.reply, doc)) return failed('no_reply_form', 'This ticket page has no reply form, so nothing can be sent from it.');
    const t = readTicket(recipe, doc, shown.label);
    if (!t.requester.email) return failed('no_recipient', 'The page shows no requester email to reply to.');
    if (!t.subject) return failed('no_subject', 'The page shows no subject for this ticket.');
    const effects = recipe.reply ? effectsOf(recipe.reply, doc) : [];
    const from = recipe.reply && (await postFrom(recipe.reply, doc, location, shown.key));
    const payload: ReplyPayload = { site: location.origin, ticket: shown.label, recipient: mailbox(t.requester.name, t.requester.email), subject: replySubject(t.subject), body, ...(effects.length ? { effects } : {}), ...(from ? { from } : {}) };
    return { ok: true, data: recipe.reply ? withBox(payload, editorOnPage(recipe.reply, doc)) : payload };
  };
}

/** An internal note goes to no one outside: no recipient, no subject; the confirm card says who sees it. */
export function recipePrepareNote(recipe: Recipe, note: RecipeReply) {
  return async (input: { body: string }, doc: Document, location: Location): Promise<ToolResult<ReplyPayload>> => {
    const body = bodyOf(input);
    if (body === null) return failed('invalid_input', 'The note is empty.');
    const shown = shownTicket(recipe)(new URL(location.href), doc);
    if (!shown) return failed('no_ticket', 'This page shows no ticket. Open the ticket before adding a note.');
    if (!formAvailable(note, doc)) return failed('no_note_form', 'This ticket page has no internal note box.');
    if (noteIsReply(recipe, note, doc)) return failed('invalid_recipe', NOTE_IS_REPLY);
    const effects = effectsOf(note, doc);
    const from = await postFrom(note, doc, location, shown.key);
    return { ok: true, data: withBox({ site: location.origin, ticket: shown.label, recipient: '', subject: '', body, ...(effects.length ? { effects } : {}), ...(from ? { from } : {}) }, editorOnPage(note, doc)) };
  };
}

/**
 * Whether the page's mirror field (where the recipe names one) holds exactly `text`. An editor
 * whose body is in an iframe (CKEditor 4, TinyMCE classic) copies into its field only when the
 * form is submitted: there the editor's own content was checked (setEditor), and the form's
 * submit copies it. Editors that copy as the agent types are waited for.
 */
function mirrored(reply: RecipeReply, form: ReplyForm, text: string): boolean {
  if (!reply.mirror || reply.editorKind === 'iframe') return true;
  const mirror = form.doc.querySelector<HTMLTextAreaElement | HTMLInputElement>(reply.mirror);
  if (!mirror) return false;
  return comparableText(htmlToText(mirror.value, form.doc)) === comparableText(text);
}

type Where = { form: ReplyForm; frame: HTMLIFrameElement | null };

/** Why the form was not found, in words: the reply page refuses frames, or shows no such form. */
async function notFound(form: RecipeReply, what: string, location: Location, key: string): Promise<string> {
  const url = form.page ? replyPageUrl(form, location.origin, key) : null;
  if (!url || location.pathname + location.search === url.pathname + url.search) return `This page shows no ${what} box (${form.editor}) and posting control (${form.submit}); nothing was sent.`;
  const refusal = await frameRefusal(url);
  if (refusal) return `The ${what} page ${url.pathname}${url.search} cannot be opened in a hidden frame (the helpdesk sends ${refusal}); nothing was sent. Press Send… again: Deskmate opens that page in this tab and posts from there.`;
  return `The ${what} page ${url.pathname}${url.search} did not load in a hidden frame within ${15}s, or shows no ${what} box (${form.editor}) and posting control (${form.submit}); nothing was sent.`;
}

async function findForm(reply: RecipeReply, recipe: Recipe, doc: Document, key: string): Promise<Where | null> {
  const url = replyPageUrl(reply, recipe.site, key);
  // The tab shows the reply page itself (Send… opened it here): its editor may still be starting, and a frame of it is no help.
  const onReplyPage = !!url && doc.location.pathname + doc.location.search === url.pathname + url.search;
  const here = await formOnPage(reply, doc, onReplyPage ? EDITOR_START_MS : 0);
  if (here || onReplyPage) return here && { form: here, frame: null };
  const there = url && (await formInFrame(reply, doc, url));
  return there ? { form: there.form, frame: there.frame } : null;
}

export function recipeDeliver(recipe: Recipe, reply: RecipeReply, kind: 'reply' | 'note' = 'reply') {
  const id = recipeAdapterId(recipe.site);
  const what = kind;
  return async (payload: ReplyPayload, doc: Document, location: Location): Promise<ToolResult> => {
    const shown = shownTicket(recipe)(new URL(location.href), doc);
    if (!shown || shown.label !== payload.ticket || location.origin !== payload.site) {
      return failed('scope_changed', `The page no longer shows ticket ${payload.ticket} on ${payload.site}; nothing was sent.`);
    }
    const where = await findForm(reply, recipe, doc, shown.key);
    if (!where) return failed(kind === 'note' ? 'no_note_form' : 'no_reply_form', await notFound(reply, what, location, shown.key));
    const { form, frame } = where;
    const pages = () => [doc, frameDocument(frame)].filter((d): d is Document => d !== null);
    try {
      if (kind === 'note' && noteIsReply(recipe, reply, form.doc)) return failed('invalid_recipe', NOTE_IS_REPLY);
      const elsewhere = postsElsewhere(form, location.origin);
      if (elsewhere) return failed('invalid_recipe', `The recipe's posting control (${reply.submit}) sends its form to ${elsewhere}, not to this helpdesk; nothing was sent.`);
      if ((form.submit as HTMLButtonElement).disabled) {
        return failed('delivery_failed', `The page is busy sending something else (its ${form.submit.textContent?.trim() || 'posting'} button is disabled); nothing was sent.`);
      }
      // Text typed in the box since the card was shown is not the agent's to lose.
      const typed = boxChanged(boxText(form.editor), payload, what);
      if (typed) return typed;
      const before = mostOf(pages().map((d) => copiesIn(recipe, d, payload.body)));
      if (!(await setEditor(reply, form, payload.body))) return failed('delivery_failed', `The page's editor did not take the ${what} text; nothing was sent.`);
      const copied = await waitFor(() => mirrored(reply, form, payload.body) || null, { root: form.doc.documentElement, timeoutMs: MIRROR_TIMEOUT_MS });
      if (!copied) return failed('delivery_failed', `The page did not copy the ${what} from its editor into its form; nothing was sent.`);
      // The tab's page may go away with the post (or the agent may leave): the next page settles it.
      const win = doc.defaultView;
      if (win) markDelivery(win, { adapter: id, key: shown.key, payload, after: [...before.values()].reduce((a, b) => a + b, 0), roles: Object.fromEntries(before), draft: null, at: Date.now(), ...(kind === 'note' ? { tool: 'note.add' as const } : {}) });
      form.submit.click(); // The one and only click: whatever happens next, never click again.
      const deadline = Date.now() + POSTED_TIMEOUT_MS;
      const outcome = await waitFor<{ posted: true } | { wrong: Role } | { error: string }>(
        () => {
          const now = arrived(recipe, kind, before, mostOf(pages().map((d) => copiesIn(recipe, d, payload.body))));
          if (now) return now;
          // A refusal counts once the page has finished posting (its control enabled again).
          const error = errorShown(reply, frameDocument(frame) ?? doc);
          return error && !(form.submit as HTMLButtonElement).disabled ? { error } : null;
        },
        { root: doc.documentElement, timeoutMs: remaining(deadline) },
      );
      if (outcome && win) clearDelivery(win);
      if (outcome && 'posted' in outcome) return { ok: true, data: { posted: true } };
      if (outcome && 'wrong' in outcome) return failed('wrong_kind', wrongKind(kind, outcome.wrong, payload.ticket));
      if (outcome) return failed('delivery_failed', `The helpdesk refused the ${what}: ${outcome.error}`);
      return failed('outcome_unknown', `The ${what} did not appear in the thread within ${POSTED_TIMEOUT_MS / 1000} s. It may or may not have been sent: check ticket ${payload.ticket} before trying again.`);
    } finally {
      frame?.remove();
    }
  };
}

/** On the page loaded after a post that left the page: is the reply in this ticket's thread? */
export function recipeAfterLoad(recipe: Recipe) {
  const id = recipeAdapterId(recipe.site);
  return async (doc: Document, location: Location): Promise<DeliveryReport | null> => {
    const marker = doc.defaultView && takeDelivery(doc.defaultView, id);
    if (!marker) return null;
    const shown = shownTicket(recipe)(new URL(location.href), doc);
    const tool = marker.tool ?? 'reply.send';
    const kind: Kind = tool === 'note.add' ? 'note' : 'reply';
    const before = new Map(Object.entries(marker.roles ?? {}) as [Role, number][]);
    const seen =
      sameTicket({ site: marker.payload.site, ticket: marker.key }, { site: location.origin, ticket: shown?.key ?? null }) &&
      (await waitFor(() => arrived(recipe, kind, before, copiesIn(recipe, doc, marker.payload.body)), { root: doc.documentElement, timeoutMs: AFTER_LOAD_TIMEOUT_MS }));
    if (seen && 'posted' in seen) return { tool, payload: marker.payload, outcome: 'sent', detail: 'The text is in the thread of the page loaded after posting.' };
    if (seen && 'wrong' in seen) return { tool, payload: marker.payload, outcome: 'not_found', detail: wrongKind(kind, seen.wrong, marker.payload.ticket) };
    return { tool, payload: marker.payload, outcome: 'not_found', detail: 'The page loaded after posting does not show the text.' };
  };
}
