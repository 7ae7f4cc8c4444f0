import { isWebPage, MAX_KB_FILE_CHARS } from './kb-import';
import type { KbSyncErrorCode } from '../shared/kb-sync';

/** The validators of the last good response: sent back, they let the server answer 304. */
export interface KbValidators {
  etag: string | null;
  lastModified: string | null;
}

export type KbFetchResult =
  | { kind: 'unchanged' }
  | { kind: 'fetched'; text: string; format: 'json' | 'markdown'; fileName: string; validators: KbValidators }
  | { kind: 'failed'; code: KbSyncErrorCode; detail: string };

export interface KbFetchDeps {
  fetch: typeof fetch;
  /** Whether the browser lets the extension reach this URL's host. */
  hasAccess(url: string): Promise<boolean>;
  timeoutMs?: number;
}

/** UTF-8 takes at most 3 bytes per UTF-16 unit: more bytes than this cannot be a file an import takes. */
const MAX_BYTES = MAX_KB_FILE_CHARS * 3;
const fetchFailure = (code: KbSyncErrorCode, detail = ''): KbFetchResult => ({ kind: 'failed', code, detail });

/**
 * One conditional GET of a knowledge base at a URL. No cookies or credentials go with it (a
 * team's published file needs none, and the browser's session with that host is not ours to
 * use); the browser's HTTP cache is bypassed, since the validators here decide what is new. A
 * redirect to another host counts only when the extension holds that host's permission.
 */
export async function fetchKb(url: string, prior: KbValidators | null, deps: KbFetchDeps): Promise<KbFetchResult> {
  if (!(await deps.hasAccess(url))) return fetchFailure('permission', new URL(url).origin);
  const headers: Record<string, string> = { accept: 'application/json, text/markdown, text/plain;q=0.9, */*;q=0.1' };
  if (prior?.etag) headers['if-none-match'] = prior.etag;
  if (prior?.lastModified) headers['if-modified-since'] = prior.lastModified;
  let response: Response;
  try {
    response = await deps.fetch(url, { headers, credentials: 'omit', cache: 'no-store', redirect: 'follow', signal: AbortSignal.timeout(deps.timeoutMs ?? 30_000) });
  } catch (e) {
    return fetchFailure('network', e instanceof Error ? e.message : String(e));
  }
  const finalUrl = response.url || url;
  if (new URL(finalUrl).origin !== new URL(url).origin && !(await deps.hasAccess(finalUrl))) {
    await response.body?.cancel().catch(() => undefined);
    return fetchFailure('redirect', new URL(finalUrl).origin);
  }
  if (response.status === 304) return { kind: 'unchanged' };
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    return fetchFailure('status', String(response.status));
  }
  const type = response.headers.get('content-type')?.toLowerCase() ?? '';
  const mediaType = type.split(';')[0]!.trim();
  if (type.startsWith('text/html') || type.startsWith('application/xhtml')) {
    await response.body?.cancel().catch(() => undefined);
    return fetchFailure('web_page', mediaType);
  }
  const text = await readLimited(response);
  if (text === null) return fetchFailure('too_large', String(MAX_KB_FILE_CHARS));
  // Served as text/plain or Markdown, a sign-in page is still a page: never an article.
  if (isWebPage(text)) return fetchFailure('web_page', mediaType);
  const fileName = fileNameOf(finalUrl);
  const format = type.includes('json') || /\.json$/i.test(fileName) ? 'json' : 'markdown';
  return { kind: 'fetched', text, format, fileName, validators: { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') } };
}

/** The body as text, or null when it is longer than an imported file may be (read no further). */
async function readLimited(response: Response): Promise<string | null> {
  if (Number(response.headers.get('content-length') ?? 0) > MAX_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    if (bytes > MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
  text += decoder.decode();
  return text.length > MAX_KB_FILE_CHARS ? null : text;
}

/** The file's name from its URL's last path segment (or its host), for the import's article names and problems. */
function fileNameOf(url: string): string {
  const { pathname, hostname } = new URL(url);
  const last = pathname.split('/').filter(Boolean).at(-1);
  try {
    return last ? decodeURIComponent(last) : hostname;
  } catch {
    return last ?? hostname;
  }
}
