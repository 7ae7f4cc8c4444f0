import { remaining } from '../adapter-helpers';
import { elementText } from '../dom/dom-text';
import { comparableText } from '../dom/text-compare';
import { editingHost, frameDocument } from '../dom/editable';
import { dispatchInput, fillEditor, waitFor } from '../dom/editor';
import { replaceRichText } from '../dom/insert';
import type { RecipeReply } from '../../shared/recipe-format';

/**
 * A recipe's reply form: its editor and posting control, on the ticket's page (maybe opened
 * by a click) or on the reply page loaded in a hidden same-origin frame, so the page in the
 * tab (and with it the sidebar's state) stays where it is while the reply is posted.
 */
export interface ReplyForm {
  doc: Document;
  /** A textarea, or the editing host (in an iframe editor: its body). */
  editor: HTMLElement;
  submit: HTMLElement;
}

const OPEN_TIMEOUT_MS = 3_000;
const FRAME_TIMEOUT_MS = 15_000;
const SETTLE_MS = 100;

function findForm(reply: RecipeReply, doc: Document): ReplyForm | null {
  const el = doc.querySelector<HTMLElement>(reply.editor);
  const submit = doc.querySelector<HTMLElement>(reply.submit);
  if (!el || !submit) return null;
  if (reply.editorKind === 'textarea') return el.localName === 'textarea' ? { doc, editor: el, submit } : null;
  const host = reply.editorKind === 'iframe' ? editingHost(frameDocument(el)?.body) : editingHost(el);
  return host ? { doc, editor: host, submit } : null;
}

/**
 * Whether the recipe's editor is shown. A helpdesk may keep a closed reply box in the page,
 * hidden until its Reply control opens it (Help Scout): text put there is out of the agent's
 * sight, and a hidden box cannot take the focus a paste needs.
 */
function editorShown(reply: RecipeReply, doc: Document): boolean {
  const el = doc.querySelector<HTMLElement>(reply.editor);
  return !!el && !el.closest('[hidden]') && (typeof el.checkVisibility !== 'function' || el.checkVisibility());
}

/**
 * The form on this page, after clicking the recipe's `open` control when it is not shown yet.
 * `startMs`: how long an editor may take to start (on a reply page just opened in the tab, CKEditor
 * 4 makes its iframe's body editable a moment after the page has loaded).
 */
export async function formOnPage(reply: RecipeReply, doc: Document, startMs = 0): Promise<ReplyForm | null> {
  const found = findForm(reply, doc);
  if (!found && !reply.open && startMs > 0) return waitFor(() => findForm(reply, doc), { root: doc.documentElement, timeoutMs: startMs });
  if (!reply.open || (found && editorShown(reply, doc))) return found;
  const opener = doc.querySelector<HTMLElement>(reply.open);
  if (!opener) return null;
  opener.click();
  return waitFor(() => editorShown(reply, doc) && findForm(reply, doc), { root: doc.documentElement, timeoutMs: OPEN_TIMEOUT_MS });
}

/** The reply page's URL for a ticket, or null when the recipe has none or it would leave the site ("//host/…"). */
export function replyPageUrl(reply: RecipeReply, site: string, key: string): URL | null {
  const url = reply.page ? new URL(reply.page.replace(/\{key\}/g, encodeURIComponent(key)), site) : null;
  return url && url.origin === new URL(site).origin ? url : null;
}

/**
 * Where the posting control's click would send the text when that is not the helpdesk's own
 * site, or null: the form it submits (its `formaction`, else its form's `action`) and the
 * editor's own form. A recipe may name any button of the page, and one in a form that posts
 * elsewhere (a newsletter, a third party's widget) would hand the reply to that site.
 */
export function postsElsewhere(form: ReplyForm, site: string): string | null {
  const submit = form.submit as HTMLButtonElement;
  const actions = [
    submit.form ? (submit.getAttribute('formaction') ?? submit.form.getAttribute('action')) : null,
    form.editor.closest('form')?.getAttribute('action') ?? null,
  ];
  for (const action of actions) {
    if (action === null || action.trim() === '') continue;
    let target: URL;
    try {
      target = new URL(action, form.doc.baseURI);
    } catch {
      return action;
    }
    // A script URL runs the page's own code; it does not post the form anywhere.
    if (target.protocol !== 'javascript:' && target.origin !== site) return target.href;
  }
  return null;
}

/**
 * Why the helpdesk will not show `url` in a frame of its own site, in its own words (the
 * header that says so), or null when it will or cannot be told. Asked as the page itself
 * would (Firefox's content scripts fetch as the extension unless they use the page's fetch).
 */
export async function frameRefusal(url: URL): Promise<string | null> {
  const pageFetch = (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch ?? fetch;
  let response: Response;
  try {
    response = await pageFetch(url.href, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return null; // the frame itself will tell
  }
  void response.body?.cancel().catch(() => undefined);
  const xfo = response.headers.get('x-frame-options');
  // SAMEORIGIN lets the site frame itself; ALLOW-FROM is ignored by browsers; DENY anywhere refuses.
  if (xfo && /(^|,)\s*deny\s*(,|$)/i.test(xfo)) return `X-Frame-Options: ${xfo.trim()}`;
  for (const policy of (response.headers.get('content-security-policy') ?? '').split(',')) {
    const ancestors = /(?:^|;)\s*frame-ancestors\s+([^;]*)/i.exec(policy)?.[1]?.trim();
    if (!ancestors) continue;
    const sources = ancestors.toLowerCase().split(/\s+/);
    const own = url.origin.toLowerCase();
    if (!sources.some((s) => s === "'self'" || s === '*' || s === own || s === `${own}/`)) return `Content-Security-Policy: frame-ancestors ${ancestors}`;
  }
  return null;
}

/** Loads `url` in a hidden frame of `doc` and waits for its form; the frame is removed on failure. */
export async function formInFrame(reply: RecipeReply, doc: Document, url: URL): Promise<{ frame: HTMLIFrameElement; form: ReplyForm } | null> {
  if (url.origin !== doc.location.origin) return null;
  const frame = doc.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Laid out (some editors start only when shown) but off screen and invisible.
  frame.style.cssText = 'position:fixed;left:-10000px;top:0;width:900px;height:700px;visibility:hidden;border:0';
  frame.src = url.href;
  doc.body.append(frame);
  const deadline = Date.now() + FRAME_TIMEOUT_MS;
  const form = await waitFor(
    () => {
      const inner = frameDocument(frame);
      return inner && inner.readyState === 'complete' && inner.location.href !== 'about:blank' ? findForm(reply, inner) : null;
    },
    { root: doc.documentElement, timeoutMs: remaining(deadline) },
  );
  if (form) return { frame, form };
  frame.remove();
  return null;
}

/** Puts exactly `text` in the editor, the way typing would leave it, and says whether it took. */
export async function setEditor(reply: RecipeReply, form: ReplyForm, text: string): Promise<boolean> {
  const { editor } = form;
  if (reply.editorKind === 'textarea') {
    (editor as HTMLTextAreaElement).value = text;
    dispatchInput(editor, 'insertReplacementText');
    editor.dispatchEvent(new (form.doc.defaultView?.Event ?? Event)('change', { bubbles: true }));
  }
  const expected = comparableText(text);
  const read = () => comparableText(reply.editorKind === 'textarea' ? (editor as HTMLTextAreaElement).value : elementText(editor));
  const shows = (timeoutMs: number) => waitFor(() => read() === expected, { root: form.doc.documentElement, timeoutMs }).then((v) => v === true);
  // Still there once the page has had its turn: an editor with a model of its own (CKEditor 5)
  // renders that model over a change it did not take, a moment after the change.
  const took = async (timeoutMs: number) => (await shows(timeoutMs)) && (await new Promise((r) => setTimeout(r, SETTLE_MS))) === undefined && read() === expected;
  if (reply.editorKind === 'textarea') return took(2_000);
  // As a paste first (editors with a model of their own take only that), else set by hand.
  replaceRichText(editor, text);
  if (await took(500)) return true;
  fillEditor(editor, text);
  return took(2_000);
}

/** The helpdesk's refusal, when the recipe says where it shows and it shows. */
export function errorShown(reply: RecipeReply, doc: Document): string | null {
  if (!reply.error) return null;
  const el = doc.querySelector<HTMLElement>(reply.error);
  const text = el && !el.hidden && el.getClientRects().length > 0 ? el.textContent?.trim() : '';
  return text || null;
}
