import type { ToolFailure } from '../../core';
import { fail } from '../../core/results';

/** The most of one helpdesk page Deskmate reads; a bigger answer is refused, not cut. */
export const MAX_PAGE_BYTES = 3_000_000;
/** How long one page may take, so a hung helpdesk cannot hold the agent's turn. */
export const PAGE_TIMEOUT_MS = 15_000;

export type Fetched = ({ ok: true } & FetchedPage) | ToolFailure;

export interface FetchedPage {
  /** The page parsed into a document of its own: no script of it runs, nothing of it is shown. */
  doc: Document;
  /** Where the answer came from, after any redirect. */
  url: URL;
}

/**
 * The page's own `fetch`: in Firefox a content script's global fetch runs as the extension,
 * `content.fetch` as the page (its cookies, its origin), which is what reading "as the agent" means.
 */
const pageFetch = (): typeof fetch => {
  const own = (globalThis as { content?: { fetch?: typeof fetch } }).content?.fetch;
  return own ? own.bind((globalThis as { content?: unknown }).content) : fetch.bind(globalThis);
};

// One request at a time per page, whatever the model asked at once: polite to the helpdesk.
let queue: Promise<unknown> = Promise.resolve();

/**
 * GETs a page of this tab's own site with the agent's session and parses it, detached. Refused:
 * any address of another origin, a redirect that leaves the origin, a sign-in page (a session
 * that ended, or a page the agent may not see), anything but HTML, and a page past MAX_PAGE_BYTES.
 */
export function fetchSameOrigin(target: string, location: Location, doc: Document): Promise<Fetched> {
  const next = queue.then(() => fetchNow(target, location, doc));
  queue = next.catch(() => undefined);
  return next;
}

async function fetchNow(target: string, location: Location, current: Document): Promise<Fetched> {
  let url: URL;
  try {
    url = new URL(target, location.origin);
  } catch {
    return fail('out_of_scope', 'That is not an address of this helpdesk.');
  }
  if (url.origin !== location.origin) return fail('out_of_scope', 'Deskmate reads only pages of the helpdesk open in this tab.');
  let response: Response;
  try {
    // `same-origin`: a redirect within the site is followed (FreeScout adds the folder to a
    // conversation's address), one to another site fails before anything is asked of it.
    response = await pageFetch()(url.href, { mode: 'same-origin', credentials: 'same-origin', redirect: 'follow', cache: 'no-store', headers: { accept: 'text/html' }, signal: AbortSignal.timeout(PAGE_TIMEOUT_MS) });
  } catch (e) {
    return fail('out_of_scope', `The helpdesk did not answer from its own site (a redirect to another site is not followed): ${e instanceof Error ? e.message : String(e)}`);
  }
  if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
    void response.body?.cancel();
    return redirected(response.headers.get('location'), url);
  }
  const landed = new URL(response.url || url.href);
  if (landed.origin !== location.origin) {
    void response.body?.cancel();
    return fail('out_of_scope', 'The helpdesk answered from another site; Deskmate did not read it.');
  }
  if (!response.ok) return fail('page_error', `The helpdesk answered HTTP ${response.status}.`);
  if (!/^text\/html\b/i.test(response.headers.get('content-type') ?? '')) return fail('page_error', 'The helpdesk answered with something other than a web page.');
  const text = await boundedText(response);
  if (text === null) return fail('page_error', `The helpdesk's page is larger than ${Math.round(MAX_PAGE_BYTES / 1_000_000)} MB; Deskmate did not read it.`);
  // The page's own window's parser: the document it makes has no browsing context, so nothing in it loads or runs.
  const Parser = (current.defaultView as (Window & typeof globalThis) | null)?.DOMParser ?? DOMParser;
  const doc = new Parser().parseFromString(text, 'text/html');
  if (isSignIn(doc, landed)) return fail('signed_out', 'The helpdesk answered with its sign-in page: sign in again in this tab (or ask for access), then retry.');
  return { ok: true, doc, url: landed };
}

/**
 * A redirect, refused: browsers hide where a redirect goes from `fetch` (an opaque answer), and
 * a helpdesk that redirects a search or a ticket page most often sends to its sign-in page.
 */
function redirected(location: string | null, from: URL): ToolFailure {
  let to: URL | null = null;
  try {
    to = location ? new URL(location, from) : null;
  } catch {
    to = null;
  }
  if (to && to.origin !== from.origin) return fail('out_of_scope', 'The helpdesk redirected the request to another site; Deskmate did not follow it.');
  return fail('signed_out', 'The helpdesk redirected the request, most often to its sign-in page: open it in this tab, sign in again if asked, then retry. Deskmate follows no redirect.');
}

/** A sign-in page, wherever the helpdesk put it: a password field, or an address that says so. */
export const isSignIn = (doc: Document, url: URL): boolean =>
  doc.querySelector('input[type="password" i]') !== null || /(?:^|[/_.-])(?:log-?in|sign-?in|auth|sso|session)(?:$|[/_.?-])/i.test(url.pathname);

async function boundedText(response: Response): Promise<string | null> {
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > MAX_PAGE_BYTES) {
    void response.body?.cancel();
    return null;
  }
  const reader = response.body?.getReader();
  if (!reader) return response.text();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_PAGE_BYTES) {
      void reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all);
}
